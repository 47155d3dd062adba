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
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_form_id_data_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."data_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_form_revisions" ADD CONSTRAINT "data_form_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_forms" ADD CONSTRAINT "data_forms_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_form_revisions_form_revision_key" ON "data_form_revisions" USING btree ("form_id","revision");--> statement-breakpoint
CREATE INDEX "data_forms_namespace_idx" ON "data_forms" USING btree ("namespace_id","status","name");--> statement-breakpoint
CREATE INDEX "data_forms_object_idx" ON "data_forms" USING btree ("namespace_id","form_object","status");--> statement-breakpoint
CREATE UNIQUE INDEX "data_forms_active_name_key" ON "data_forms" USING btree ("namespace_id",lower("name")) WHERE "data_forms"."status" = 1;