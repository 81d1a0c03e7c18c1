CREATE TABLE IF NOT EXISTS "outgoing_webhooks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
	"created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"trigger_words" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_called_at" timestamp with time zone,
	"last_result" text
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_webhooks_channel_idx" ON "outgoing_webhooks" USING btree ("channel_id");
