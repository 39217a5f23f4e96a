-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "billingSyncedAt" TIMESTAMPTZ(3);
