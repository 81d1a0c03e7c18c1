CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin (lower("body") gin_trgm_ops) WHERE "deleted_at" IS NULL AND "body" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_fts_idx" ON "messages" USING gin (to_tsvector('simple', "body")) WHERE "deleted_at" IS NULL AND "body" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_created_at_idx" ON "messages" USING btree ("created_at" DESC) WHERE "deleted_at" IS NULL;
