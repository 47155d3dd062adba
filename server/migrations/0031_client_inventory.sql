CREATE TABLE "client_inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"product_category" text NOT NULL,
	"description" text,
	"quantity" integer,
	"tonne" numeric(12, 3),
	"manufacturer" text,
	"location" text,
	"comments" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_inventory" ADD CONSTRAINT "client_inventory_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_inventory" ADD CONSTRAINT "client_inventory_client_id_client_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_inventory" ADD CONSTRAINT "client_inventory_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_inventory_site_idx" ON "client_inventory" USING btree ("namespace_id","site_id","status","id");--> statement-breakpoint
CREATE INDEX "client_inventory_client_idx" ON "client_inventory" USING btree ("client_id");