ALTER TABLE "users" ADD COLUMN "qualifications" text;--> statement-breakpoint
ALTER TABLE "asset_types" ADD COLUMN "identification" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "basis_of_examination" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "test_equipment" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "voided" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Finals regenerated before DECISIONS 9 left several rows of one (number, revision): the first
-- issued stays the certificate, the later ones are kept (their codes were printed) as voided.
UPDATE "certificates" c SET "voided" = true
 WHERE EXISTS (SELECT 1 FROM "certificates" o
                WHERE o."namespace_id" = c."namespace_id" AND o."number" = c."number" AND o."revision" = c."revision"
                  AND (o."issued_at" < c."issued_at" OR (o."issued_at" = c."issued_at" AND o."id" < c."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_revision_key" ON "certificates" USING btree ("namespace_id","number","revision") WHERE not "certificates"."voided";