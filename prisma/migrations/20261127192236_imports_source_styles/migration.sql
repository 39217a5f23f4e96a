-- AlterTable
ALTER TABLE "DataSource" ADD COLUMN     "auth" JSONB NOT NULL DEFAULT '{"type": "none"}',
ADD COLUMN     "authCiphertext" TEXT,
ADD COLUMN     "incremental" JSONB,
ADD COLUMN     "pagination" JSONB NOT NULL DEFAULT '{"type": "none"}',
ADD COLUMN     "pauseBetweenPagesMs" INTEGER NOT NULL DEFAULT 0;

-- Sources that followed a next-page link keep doing so, now under the pagination setting.
UPDATE "DataSource" SET "pagination" = jsonb_build_object('type', 'nextUrl', 'path', "nextPagePath") WHERE "nextPagePath" IS NOT NULL;
