ALTER TABLE "files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumb_wrapped_key" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "files_name_trgm_idx" ON "files" USING gin (lower("name") gin_trgm_ops);
