-- AlterTable
ALTER TABLE "DataSource" ADD COLUMN     "incrementalResetAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "DataSourceRun" ADD COLUMN     "excluded" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "excludedRecords" JSONB NOT NULL DEFAULT '[]';
