CREATE TABLE "compliance_due_counts" (
	"namespace_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"failed" boolean NOT NULL,
	"grain" text NOT NULL,
	"due_day" date,
	"n" integer NOT NULL,
	CONSTRAINT "compliance_due_counts_key" UNIQUE NULLS NOT DISTINCT("site_id","company_id","namespace_id","failed","grain","due_day")
);
--> statement-breakpoint
CREATE INDEX "compliance_due_counts_namespace_idx" ON "compliance_due_counts" USING btree ("namespace_id","grain","due_day");--> statement-breakpoint
CREATE INDEX "compliance_due_counts_empty_idx" ON "compliance_due_counts" USING btree ("site_id") WHERE "compliance_due_counts"."n" = 0;