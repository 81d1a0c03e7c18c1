CREATE INDEX IF NOT EXISTS "users_display_name_sort_idx" ON "users" USING btree (lower("display_name"),"id");
