-- CreateTable
CREATE TABLE "WebhookRecoveredAttempt" (
    "deliveryId" UUID NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "recoveredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookRecoveredAttempt_pkey" PRIMARY KEY ("deliveryId","attemptNumber")
);

-- AddForeignKey
ALTER TABLE "WebhookRecoveredAttempt" ADD CONSTRAINT "WebhookRecoveredAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
