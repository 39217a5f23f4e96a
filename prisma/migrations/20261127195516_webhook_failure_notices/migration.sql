-- CreateTable
CREATE TABLE "WebhookFailureNotice" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "orgId" UUID NOT NULL,
    "endpointId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "occurrences" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "emailedAt" TIMESTAMPTZ(3),
    "acknowledgedAt" TIMESTAMPTZ(3),
    "acknowledgedBy" UUID,

    CONSTRAINT "WebhookFailureNotice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookFailureNotice_orgId_acknowledgedAt_idx" ON "WebhookFailureNotice"("orgId", "acknowledgedAt");

-- AddForeignKey
ALTER TABLE "WebhookFailureNotice" ADD CONSTRAINT "WebhookFailureNotice_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
