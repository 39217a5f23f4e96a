-- Rate-limit counters are written on every Partner API request and are worthless after a
-- crash (losing them only restarts a key's one-minute window), so they skip the WAL.
-- Not expressible in schema.prisma; the table's shape is unchanged.
ALTER TABLE "RateLimitCounter" SET UNLOGGED;
