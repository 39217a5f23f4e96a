-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "probeAt" TIMESTAMPTZ(3);
