CREATE TABLE "assets" (
	"id" integer PRIMARY KEY DEFAULT nextval('location_id_seq') NOT NULL,
	"namespace_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"asset_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"serial_number" text,
	"attributes" jsonb,
	"time_zone" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_site_type_idx" ON "assets" USING btree ("site_id","asset_type_id","status","name");--> statement-breakpoint
CREATE INDEX "assets_company_idx" ON "assets" USING btree ("company_id","status","name");--> statement-breakpoint
CREATE INDEX "assets_namespace_idx" ON "assets" USING btree ("namespace_id","status");--> statement-breakpoint
CREATE INDEX "assets_name_trgm" ON "assets" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "assets_active_name_key" ON "assets" USING btree ("company_id",lower("name")) WHERE "assets"."status" = 1;