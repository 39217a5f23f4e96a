-- CreateTable
CREATE TABLE "ApiUsageDay" (
    "keyId" UUID NOT NULL,
    "day" DATE NOT NULL,
    "orgId" UUID NOT NULL,
    "ok" INTEGER NOT NULL DEFAULT 0,
    "clientError" INTEGER NOT NULL DEFAULT 0,
    "rateLimited" INTEGER NOT NULL DEFAULT 0,
    "serverError" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiUsageDay_pkey" PRIMARY KEY ("keyId","day")
);

-- CreateIndex
CREATE INDEX "ApiUsageDay_orgId_day_idx" ON "ApiUsageDay"("orgId", "day");

-- AddForeignKey
ALTER TABLE "ApiUsageDay" ADD CONSTRAINT "ApiUsageDay_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Each inserted batch of the request log adds its counts per key and UTC day, in the
-- statement that inserts it, whoever inserts. Status bands as the charts draw them: 2xx,
-- 4xx without 429, 429, 5xx. Rows are upserted in key and day order, so two batches that
-- touch the same keys lock their rows in the same order and cannot deadlock.
CREATE FUNCTION "api_usage_day_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ApiUsageDay" ("keyId", "day", "orgId", "ok", "clientError", "rateLimited", "serverError")
  SELECT n."keyId", (n."at" AT TIME ZONE 'UTC')::date, n."orgId",
         count(*) FILTER (WHERE n."status" BETWEEN 200 AND 299),
         count(*) FILTER (WHERE n."status" BETWEEN 400 AND 499 AND n."status" <> 429),
         count(*) FILTER (WHERE n."status" = 429),
         count(*) FILTER (WHERE n."status" >= 500)
  FROM inserted n
  GROUP BY 1, 2, 3
  ORDER BY 1, 2
  ON CONFLICT ("keyId", "day") DO UPDATE SET
    "ok" = "ApiUsageDay"."ok" + EXCLUDED."ok",
    "clientError" = "ApiUsageDay"."clientError" + EXCLUDED."clientError",
    "rateLimited" = "ApiUsageDay"."rateLimited" + EXCLUDED."rateLimited",
    "serverError" = "ApiUsageDay"."serverError" + EXCLUDED."serverError";
  RETURN NULL;
END
$$;

CREATE TRIGGER "ApiRequest_usageDay" AFTER INSERT ON "ApiRequest"
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "api_usage_day_count"();

-- The days the request log still holds.
INSERT INTO "ApiUsageDay" ("keyId", "day", "orgId", "ok", "clientError", "rateLimited", "serverError")
SELECT r."keyId", (r."at" AT TIME ZONE 'UTC')::date, r."orgId",
       count(*) FILTER (WHERE r."status" BETWEEN 200 AND 299),
       count(*) FILTER (WHERE r."status" BETWEEN 400 AND 499 AND r."status" <> 429),
       count(*) FILTER (WHERE r."status" = 429),
       count(*) FILTER (WHERE r."status" >= 500)
FROM "ApiRequest" r
GROUP BY 1, 2, 3;
