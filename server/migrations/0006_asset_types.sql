CREATE TABLE "asset_types" (
	"id" integer PRIMARY KEY DEFAULT nextval('setting_id_seq') NOT NULL,
	"namespace_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"acronym_code" text,
	"external_id" text,
	"category" text,
	"description" text,
	"attribute_form" integer,
	"certificate_reference" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_types_category_check" CHECK ("asset_types"."category" is null or "asset_types"."category" in ('MACHINERY', 'BTH&PPE', 'TRAINEE', 'LLG'))
);
--> statement-breakpoint
ALTER TABLE "asset_types" ADD CONSTRAINT "asset_types_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_types_namespace_idx" ON "asset_types" USING btree ("namespace_id","status","name");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_types_active_name_key" ON "asset_types" USING btree ("namespace_id",lower("name")) WHERE "asset_types"."status" = 1;