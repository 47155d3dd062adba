ALTER TABLE "namespaces" ADD COLUMN "project_name" text;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "project_address" text;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "project_website" text;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "project_rera_registration" text;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "current_project_phase" text;--> statement-breakpoint
ALTER TABLE "namespaces" ADD COLUMN "user_designation" text;