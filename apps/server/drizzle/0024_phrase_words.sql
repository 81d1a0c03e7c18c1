-- Spaces read as a letter, so trigrams span them and a phrase's words are found side by side, not only both somewhere.
CREATE INDEX IF NOT EXISTS "messages_body_words_idx" ON "messages" USING gin (translate(lower("body"), ' ', 'q') gin_trgm_ops) WHERE "deleted_at" IS NULL AND "body" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "messages_body_trgm_idx";
