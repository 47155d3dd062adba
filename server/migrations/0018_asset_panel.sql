CREATE TABLE "asset_files" (
	"asset_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"section" smallint NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_files_asset_id_file_id_pk" PRIMARY KEY("asset_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "acronym_code" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "end_user_name" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "end_user_address" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "attributes_form_id" integer;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "attributes_form_revision" integer;--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_files_file_idx" ON "asset_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "assets_dashboard_idx" ON "assets" USING btree ("site_id","status","name");