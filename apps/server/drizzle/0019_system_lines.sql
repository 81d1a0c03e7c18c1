-- System lines ("Alice joined", "Bob set the topic"): what happened, as JSON; null for people's messages.
ALTER TABLE "messages" ADD COLUMN "system" jsonb;
