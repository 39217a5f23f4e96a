-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "requestHeaders" JSONB,
ADD COLUMN     "responseHeaders" TEXT;
