-- One counted sign-in, sign-up or invite attempt, atomically and in one statement
-- (lib/auth/throttle/throttle.ts → recordAttempt): under a lock per bucket, the attempt's
-- rows are written, then each bucket's window is counted; over a limit they are deleted
-- again and NULL is returned, otherwise their ids. Volatile, so the count is a new query
-- with a fresh snapshot: it sees every attempt committed before the locks were taken.
-- The locks are transaction-scoped (transaction poolers keep them) and taken in the order
-- given, account before IP for every caller, so two attempts never wait in a cycle.
CREATE FUNCTION "auth_throttle_attempt"(keys text[], limits integer[], window_seconds integer) RETURNS bigint[]
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  key text;
  ids bigint[];
  over_limit boolean;
BEGIN
  FOREACH key IN ARRAY keys LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(key, 0));
  END LOOP;
  -- Expired rows are swept in small batches on the way (rows another sweep holds are skipped).
  DELETE FROM "AuthThrottleEvent" WHERE id IN (
    SELECT id FROM "AuthThrottleEvent"
    WHERE "createdAt" <= clock_timestamp() - make_interval(secs => window_seconds)
    ORDER BY "createdAt" LIMIT 100 FOR UPDATE SKIP LOCKED
  );
  WITH inserted AS (
    INSERT INTO "AuthThrottleEvent" (bucket, "createdAt") SELECT unnest(keys), clock_timestamp() RETURNING id
  )
  SELECT array_agg(id) INTO ids FROM inserted;
  SELECT bool_or(used > bucket_limit) INTO over_limit FROM (
    SELECT b.bucket_limit, (
      SELECT count(*) FROM "AuthThrottleEvent" e
      WHERE e.bucket = b.bucket_key AND e."createdAt" > clock_timestamp() - make_interval(secs => window_seconds)
    ) AS used
    FROM unnest(keys, limits) AS b(bucket_key, bucket_limit)
  ) counted;
  IF over_limit THEN
    DELETE FROM "AuthThrottleEvent" WHERE id = ANY(ids);
    RETURN NULL;
  END IF;
  RETURN ids;
END
$$;
