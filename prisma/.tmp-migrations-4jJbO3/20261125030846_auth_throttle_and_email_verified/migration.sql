-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailVerifiedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "AuthThrottleEvent" (
    "id" BIGSERIAL NOT NULL,
    "bucket" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuthThrottleEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuthThrottleEvent_bucket_createdAt_idx" ON "AuthThrottleEvent"("bucket", "createdAt");

-- CreateIndex
CREATE INDEX "AuthThrottleEvent_createdAt_idx" ON "AuthThrottleEvent"("createdAt");

-- Backfill: users who only sign in with OAuth got their address from a provider that
-- verified it; users who used an invitation for their own address proved they receive mail there.
UPDATE "User" SET "emailVerifiedAt" = "createdAt" WHERE "passwordHash" IS NULL;
UPDATE "User" u SET "emailVerifiedAt" = i."acceptedAt"
FROM "Invite" i
WHERE u."emailVerifiedAt" IS NULL AND i."acceptedAt" IS NOT NULL AND lower(i.email) = lower(u.email);

-- Throttle rows are worthless after a crash (losing them only restarts a window), so they
-- skip the WAL like "RateLimitCounter".
ALTER TABLE "AuthThrottleEvent" SET UNLOGGED;
