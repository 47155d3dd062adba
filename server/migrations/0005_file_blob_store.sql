CREATE TABLE "file_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");