ALTER TABLE "assets" ADD COLUMN "last_result" smallint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "last_inspection_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "due_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_modified_idx" ON "tasks" USING btree ("namespace_id","modified_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_certificate_trgm" ON "tasks" USING gin (lower("certificate_number") gin_trgm_ops);