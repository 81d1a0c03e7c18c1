ALTER TABLE "messages" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pinned_by" uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_pinned_idx" ON "messages" USING btree ("channel_id","pinned_at" DESC) WHERE "pinned_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "saved_messages" (
	"user_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_messages_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "saved_messages" ADD CONSTRAINT "saved_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_messages" ADD CONSTRAINT "saved_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_messages_user_idx" ON "saved_messages" USING btree ("user_id","saved_at" DESC);