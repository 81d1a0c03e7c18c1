CREATE TABLE IF NOT EXISTS "sso_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "sso_identities_pk" PRIMARY KEY ("issuer", "subject")
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sso_identities_user_idx" ON "sso_identities" USING btree ("issuer", "user_id");
