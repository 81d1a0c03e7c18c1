ALTER TABLE "channels" ADD COLUMN "retention" jsonb;
