-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_state_nextAttemptAt_createdAt_idx" ON "WebhookDelivery"("endpointId", "state", "nextAttemptAt", "createdAt");
