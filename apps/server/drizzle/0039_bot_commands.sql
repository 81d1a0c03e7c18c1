CREATE TABLE "bot_commands" (
	"bot_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"args" text,
	PRIMARY KEY ("bot_id", "name")
);
