CREATE TABLE "drafts" (
	"user_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"body" text,
	"encrypted" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_user_id_channel_id_scope_pk" PRIMARY KEY("user_id","channel_id","scope")
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;
