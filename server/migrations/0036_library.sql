CREATE TABLE "library_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"library" text NOT NULL,
	"entity_type" text NOT NULL,
	"parent_id" integer,
	"client_id" integer,
	"site_id" integer,
	"name" text NOT NULL,
	"file_id" integer,
	"thumbnail_file_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_entries_library_check" CHECK ("library_entries"."library" in ('technical', 'pictorial', 'report')),
	CONSTRAINT "library_entries_type_check" CHECK ("library_entries"."entity_type" in ('FOLDER', 'FILE'))
);
--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_parent_id_library_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_client_id_client_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_entries" ADD CONSTRAINT "library_entries_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_entries_folder_name_key" ON "library_entries" USING btree ("namespace_id","library",coalesce("client_id", 0),coalesce("site_id", 0),lower("name")) WHERE "library_entries"."entity_type" = 'FOLDER';--> statement-breakpoint
CREATE UNIQUE INDEX "library_entries_file_name_key" ON "library_entries" USING btree ("parent_id",lower("name")) WHERE "library_entries"."entity_type" = 'FILE';--> statement-breakpoint
CREATE INDEX "library_entries_parent_idx" ON "library_entries" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "library_entries_folders_idx" ON "library_entries" USING btree ("namespace_id","library","client_id","site_id");