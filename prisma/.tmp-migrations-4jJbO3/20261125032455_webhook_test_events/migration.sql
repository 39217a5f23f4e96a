-- AlterTable
ALTER TABLE "WebhookEvent" ADD COLUMN     "test" BOOLEAN NOT NULL DEFAULT false;
