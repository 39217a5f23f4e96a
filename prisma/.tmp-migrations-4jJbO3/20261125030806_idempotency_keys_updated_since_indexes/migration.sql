-- CreateEnum
CREATE TYPE "IdempotencyKeyState" AS ENUM ('in_flight', 'completed');

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "orgId" UUID NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "requestHash" TEXT NOT NULL,
    "state" "IdempotencyKeyState" NOT NULL DEFAULT 'in_flight',
    "claimToken" UUID NOT NULL,
    "claimedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("orgId","key")
);

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");

-- CreateIndex
CREATE INDEX "Session_eventId_updatedAt_id_idx" ON "Session"("eventId", "updatedAt", "id");

-- CreateIndex
CREATE INDEX "Attendee_eventId_updatedAt_id_idx" ON "Attendee"("eventId", "updatedAt", "id");

-- AddForeignKey
ALTER TABLE "IdempotencyKey" ADD CONSTRAINT "IdempotencyKey_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
