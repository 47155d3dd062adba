CREATE TABLE "task_types" (
	"id" integer PRIMARY KEY DEFAULT nextval('setting_id_seq') NOT NULL,
	"namespace_id" integer NOT NULL,
	"name" text NOT NULL,
	"acronym_code" text,
	"division_id" integer NOT NULL,
	"asset_type_id" integer,
	"external_id" text,
	"reference_standard" text,
	"inspection_method" text,
	"validity" integer NOT NULL,
	"eiac" boolean DEFAULT false NOT NULL,
	"description" text,
	"report_template" text,
	"checklist" jsonb DEFAULT '{"sections":[]}'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_types" (
	"id" integer PRIMARY KEY DEFAULT nextval('setting_id_seq') NOT NULL,
	"namespace_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"acronym_code" text,
	"external_id" text,
	"category" text,
	"description" text,
	"attribute_form" integer,
	"certificate_reference" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_types_category_check" CHECK ("asset_types"."category" is null or "asset_types"."category" in ('MACHINERY', 'BTH&PPE', 'TRAINEE', 'LLG'))
);
--> statement-breakpoint
CREATE TABLE "data_form_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_forms" (
	"id" integer PRIMARY KEY DEFAULT nextval('setting_id_seq') NOT NULL,
	"namespace_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"form_object" text NOT NULL,
	"form_type" text DEFAULT 'FORM' NOT NULL,
	"samples_min" integer DEFAULT 1 NOT NULL,
	"samples_max" integer DEFAULT 2 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"definition" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_asset_type_id_asset_types_id_fk" FOREIGN KEY ("asset_type_id") REFERENCES "public"."asset_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_types" ADD CONSTRAINT "asset_types_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_types" ADD CONSTRAINT "asset_types_attribute_form_data_forms_id_fk" FOREIGN KEY ("attribute_form") REFERENCES "public"."data_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_form_id_data_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."data_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_forms" ADD CONSTRAINT "data_forms_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_types_namespace_idx" ON "task_types" USING btree ("namespace_id","status","name");--> statement-breakpoint
CREATE INDEX "task_types_division_idx" ON "task_types" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "task_types_asset_type_idx" ON "task_types" USING btree ("asset_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_types_active_name_key" ON "task_types" USING btree ("namespace_id",lower("name")) WHERE "task_types"."status" = 1;--> statement-breakpoint
CREATE INDEX "asset_types_namespace_idx" ON "asset_types" USING btree ("namespace_id","status","name");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_types_active_name_key" ON "asset_types" USING btree ("namespace_id",lower("name")) WHERE "asset_types"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "data_form_revisions_form_revision_key" ON "data_form_revisions" USING btree ("form_id","revision");--> statement-breakpoint
CREATE INDEX "data_forms_namespace_idx" ON "data_forms" USING btree ("namespace_id","status","name");--> statement-breakpoint
CREATE INDEX "data_forms_object_idx" ON "data_forms" USING btree ("namespace_id","form_object","status");--> statement-breakpoint
CREATE UNIQUE INDEX "data_forms_active_name_key" ON "data_forms" USING btree ("namespace_id",lower("name")) WHERE "data_forms"."status" = 1;