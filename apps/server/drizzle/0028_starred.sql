ALTER TABLE "memberships" ADD COLUMN "starred" boolean DEFAULT false NOT NULL;
