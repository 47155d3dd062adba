CREATE TABLE "job_client_users" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "job_client_users_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"job_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_files_job_id_file_id_pk" PRIMARY KEY("job_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "job_inspectors" (
	"job_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "job_inspectors_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"job_number" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"customer_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"duration" integer DEFAULT 1 NOT NULL,
	"requester_id" integer,
	"office_id" integer NOT NULL,
	"sales_person_id" integer,
	"price" double precision,
	"currency" text,
	"po_number" text,
	"quotation_number" text,
	"comments" text,
	"main_inspector_id" integer NOT NULL,
	"vendor_details" text,
	"sub_vendor_details" text,
	"is_day_job" boolean DEFAULT false NOT NULL,
	"is_day_job_closed" boolean DEFAULT false NOT NULL,
	"time_zone" text,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"observation_type" smallint DEFAULT 1024 NOT NULL,
	"task_type_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"asset_type_id" integer,
	"asset_id" integer,
	"site_id" integer NOT NULL,
	"inspector_id" integer,
	"parent_id" integer,
	"is_llg" boolean DEFAULT false NOT NULL,
	"due_date" timestamp with time zone,
	"time_zone" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"archived" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_client_users" ADD CONSTRAINT "job_client_users_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_client_users" ADD CONSTRAINT "job_client_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspectors" ADD CONSTRAINT "job_inspectors_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspectors" ADD CONSTRAINT "job_inspectors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_client_companies_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_sales_person_id_users_id_fk" FOREIGN KEY ("sales_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_main_inspector_id_users_id_fk" FOREIGN KEY ("main_inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_id_tasks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_client_users_user_idx" ON "job_client_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_files_file_idx" ON "job_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "job_inspectors_user_idx" ON "job_inspectors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_number_key" ON "jobs" USING btree ("namespace_id","job_number");--> statement-breakpoint
CREATE INDEX "jobs_list_idx" ON "jobs" USING btree ("namespace_id","type","status","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_list_start_idx" ON "jobs" USING btree ("namespace_id","type","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_site_idx" ON "jobs" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "jobs_main_inspector_idx" ON "jobs" USING btree ("main_inspector_id","status");--> statement-breakpoint
CREATE INDEX "jobs_number_trgm" ON "jobs" USING gin (lower("job_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_quotation_trgm" ON "jobs" USING gin (lower("quotation_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_job_idx" ON "tasks" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "tasks_namespace_status_idx" ON "tasks" USING btree ("namespace_id","status");--> statement-breakpoint
CREATE INDEX "tasks_inspector_idx" ON "tasks" USING btree ("inspector_id","status");--> statement-breakpoint
CREATE INDEX "tasks_asset_idx" ON "tasks" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "tasks_parent_idx" ON "tasks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "tasks_task_type_idx" ON "tasks" USING btree ("task_type_id");