-- CreateEnum
CREATE TYPE "WebhookFormat" AS ENUM ('json', 'slack', 'teams', 'discord', 'google_chat');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "DeliveryState" ADD VALUE 'filtered';
ALTER TYPE "DeliveryState" ADD VALUE 'shape_failed';

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "eventIds" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN     "filter" TEXT,
ADD COLUMN     "format" "WebhookFormat" NOT NULL DEFAULT 'json',
ADD COLUMN     "transform" TEXT;

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "shapeError" TEXT;
