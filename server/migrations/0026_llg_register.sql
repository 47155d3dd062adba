CREATE TABLE "llg_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"task_type_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"specification" text,
	"acronym_code" text,
	"safe_working_load" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"last_task_id" integer,
	"last_result" smallint,
	"last_inspection_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"certificate_number" text,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "llg_item_id" integer;--> statement-breakpoint
ALTER TABLE "llg_items" ADD CONSTRAINT "llg_items_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llg_items" ADD CONSTRAINT "llg_items_client_id_client_companies_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llg_items" ADD CONSTRAINT "llg_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llg_items" ADD CONSTRAINT "llg_items_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llg_items" ADD CONSTRAINT "llg_items_last_task_id_tasks_id_fk" FOREIGN KEY ("last_task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "llg_items_site_serial_key" ON "llg_items" USING btree ("site_id",lower("serial_number")) WHERE "llg_items"."status" = 1;--> statement-breakpoint
CREATE INDEX "llg_items_site_idx" ON "llg_items" USING btree ("namespace_id","site_id","status","id");--> statement-breakpoint
CREATE INDEX "llg_items_client_idx" ON "llg_items" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_llg_item_id_llg_items_id_fk" FOREIGN KEY ("llg_item_id") REFERENCES "public"."llg_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_llg_item_idx" ON "tasks" USING btree ("llg_item_id","id");