ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "previews" jsonb;
