-- fastupdate off: a pending list would make the planner pass over the index until a vacuum, and the embedded database has no autovacuum.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_words_idx" ON "users" USING gin ((' ' || translate(lower("username" || ' ' || "display_name"), '._-', '   ')) gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
DROP INDEX IF EXISTS "users_username_prefix_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_display_name_prefix_idx";
