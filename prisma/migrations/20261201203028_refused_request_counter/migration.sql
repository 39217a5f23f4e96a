-- CreateTable
CREATE TABLE "RefusedRequestCounter" (
    "bucket" TEXT NOT NULL,
    "windowStart" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "RefusedRequestCounter_pkey" PRIMARY KEY ("bucket")
);

-- CreateIndex
CREATE INDEX "RefusedRequestCounter_windowStart_idx" ON "RefusedRequestCounter"("windowStart");
