ALTER TABLE "sites" ADD CONSTRAINT "sites_id_company_namespace_key" UNIQUE("id","company_id","namespace_id");--> statement-breakpoint
ALTER TABLE "client_inventory" DROP CONSTRAINT "client_inventory_namespace_id_namespaces_id_fk";
--> statement-breakpoint
ALTER TABLE "client_inventory" DROP CONSTRAINT "client_inventory_client_id_client_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "client_inventory" DROP CONSTRAINT "client_inventory_site_id_sites_id_fk";
--> statement-breakpoint
DROP INDEX "client_inventory_client_idx";--> statement-breakpoint
ALTER TABLE "client_inventory" ADD CONSTRAINT "client_inventory_site_fk" FOREIGN KEY ("site_id","client_id","namespace_id") REFERENCES "public"."sites"("id","company_id","namespace_id") ON DELETE no action ON UPDATE no action;
