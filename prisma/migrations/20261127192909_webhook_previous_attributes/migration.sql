-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "previousAttributes" JSONB;
