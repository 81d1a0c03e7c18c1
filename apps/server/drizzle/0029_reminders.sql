ALTER TABLE "saved_messages" ADD COLUMN "remind_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "saved_messages_remind_idx" ON "saved_messages" USING btree ("remind_at") WHERE "saved_messages"."remind_at" is not null;
