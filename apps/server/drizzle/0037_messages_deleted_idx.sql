CREATE INDEX IF NOT EXISTS "messages_deleted_created_idx" ON "messages" USING btree ("created_at") WHERE "deleted_at" IS NOT NULL;
