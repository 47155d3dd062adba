CREATE TABLE "qr_sticker_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"quantity" smallint NOT NULL,
	"file_id" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_stickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" integer NOT NULL,
	"serial" text NOT NULL,
	"batch_id" integer NOT NULL,
	"assigned_asset_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_sticker_batches" ADD CONSTRAINT "qr_sticker_batches_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sticker_batches" ADD CONSTRAINT "qr_sticker_batches_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sticker_batches" ADD CONSTRAINT "qr_sticker_batches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_stickers" ADD CONSTRAINT "qr_stickers_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_stickers" ADD CONSTRAINT "qr_stickers_batch_id_qr_sticker_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."qr_sticker_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_stickers" ADD CONSTRAINT "qr_stickers_assigned_asset_id_assets_id_fk" FOREIGN KEY ("assigned_asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qr_sticker_batches_namespace_idx" ON "qr_sticker_batches" USING btree ("namespace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_stickers_serial_key" ON "qr_stickers" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "qr_stickers_batch_idx" ON "qr_stickers" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_stickers_asset_key" ON "qr_stickers" USING btree ("assigned_asset_id");