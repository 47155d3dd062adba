ALTER TABLE "tasks" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "result" smallint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "actual_inspection_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "certificate_status" smallint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "certificate_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "certificate_file_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "field_report_file_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "full_report_file_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "approver_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "revision_comments" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_field_report_file_id_files_id_fk" FOREIGN KEY ("field_report_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_full_report_file_id_files_id_fk" FOREIGN KEY ("full_report_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_list_idx" ON "tasks" USING btree ("namespace_id","status","modified_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_certificate_number_key" ON "tasks" USING btree ("namespace_id","certificate_number");