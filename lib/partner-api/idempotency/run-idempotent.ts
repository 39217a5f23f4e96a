import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { requestFingerprint } from "./idempotency-key";

// Idempotent execution of one write (docs/partner-api.md, "Idempotent POST").
//
// 1. Claim: one atomic INSERT ... ON CONFLICT commits an in_flight row for (org, key)
//    BEFORE the write starts, so of N concurrent requests exactly one does the work.
//    The conflict branch only takes the row over when it has expired (24 h) or is an
//    abandoned claim (older than STALE_CLAIM_MS, see below).
// 2. The write's own transaction completes the claim (state, status, body) next to the
//    attendee and its outbox row: the stored response exists exactly when the write
//    committed. If the claim was taken over meanwhile, completing fails and the whole
//    write rolls back.
// 3. A failed write (any error) wrote nothing, so its claim is deleted and the same key
//    may be retried. Unlike Stripe we do not store 4xx answers: every 4xx of this
//    operation depends on state that can change (archived event, existing email) or is
//    a validation error raised before the claim, and replaying a stale refusal for 24 h
//    helps no one; re-running a request that wrote nothing is safe.
// A process that dies between the claim and the end of the write leaves an in_flight row
// with no written attendee (the write and the completion commit together or not at all).
// The claimant holds a transaction-scoped advisory lock on the key for the whole of its
// write transaction (`hold`, its first statement), so a live write is visible to others
// and a dead one is not: when the connection dies PostgreSQL (or PgBouncer, which drops a
// server connection whose client left mid-transaction) ends the transaction and the lock
// with it. A request that finds an in_flight claim older than CLAIM_GRACE_MS whose lock
// nobody holds takes it over at once. The grace covers the moment between the claim's
// commit and the write's BEGIN, when a live claimant holds no lock yet; STALE_CLAIM_MS
// stays as the outer bound.

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Well past the write transaction's own limits (10 s wait for a connection + 10 s run). */
const STALE_CLAIM_MS = 60_000;
/** A claim younger than this is left alone even without its lock: its write may not have begun. */
const CLAIM_GRACE_MS = 2_000;

export type IdempotentResponse = { status: number; body: unknown; replayed: boolean };

/** Stores the response inside the write's transaction; throws (rolling it back) if the claim was lost. */
export type CompleteClaim = (tx: Prisma.TransactionClient, status: number, body: unknown) => Promise<void>;
/** The write transaction's first statement: holds the claim's lock until that transaction ends. */
export type HoldClaim = (tx: Prisma.TransactionClient) => Promise<void>;

/** The key's advisory lock id (transaction-scoped locks work through PgBouncer in transaction mode). */
export function claimLockId(orgId: string, key: string): Prisma.Sql {
  return Prisma.sql`hashtextextended(${`${orgId}/${key}`}, 0)`;
}

type StoredKey = {
  requestHash: string;
  state: "in_flight" | "completed";
  responseStatus: number | null;
  responseBody: string | null;
};

export async function runIdempotent(
  request: { orgId: string; key: string; method: string; path: string; body: unknown },
  work: (claim: { hold: HoldClaim; complete: CompleteClaim }) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentResponse> {
  const { orgId, key } = request;
  const requestHash = requestFingerprint(request.method, request.path, request.body);
  const claimToken = randomUUID();

  // A released claim can vanish between the failed INSERT and the SELECT: try again.
  for (let round = 0; round < 3; round += 1) {
    if (await claim(orgId, key, requestHash, claimToken)) break;
    const stored = await readKey(orgId, key);
    if (!stored) continue;
    if (stored.requestHash !== requestHash) {
      throw new AppError(
        "CONFLICT",
        "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
        { reason: "idempotency_key_reused" },
      );
    }
    if (stored.state === "in_flight") throw inUse();
    return { status: stored.responseStatus ?? 200, body: JSON.parse(stored.responseBody ?? "null"), replayed: true };
  }

  const complete: CompleteClaim = async (tx, status, body) => {
    const updated = await tx.$executeRaw`
      UPDATE "IdempotencyKey"
      SET state = 'completed', "responseStatus" = ${status}, "responseBody" = ${JSON.stringify(body)}
      WHERE "orgId" = ${orgId}::uuid AND key = ${key} AND "claimToken" = ${claimToken}::uuid AND state = 'in_flight'`;
    if (updated === 0) throw inUse();
  };
  const hold: HoldClaim = async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(${claimLockId(orgId, key)})::text`;
  };
  try {
    const result = await work({ hold, complete });
    return { ...result, replayed: false };
  } catch (error) {
    await getDb().$executeRaw`
      DELETE FROM "IdempotencyKey"
      WHERE "orgId" = ${orgId}::uuid AND key = ${key} AND "claimToken" = ${claimToken}::uuid AND state = 'in_flight'`;
    throw error;
  }
}

async function claim(orgId: string, key: string, requestHash: string, claimToken: string): Promise<boolean> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  const graceBefore = new Date(now.getTime() - CLAIM_GRACE_MS);
  const rows = await getDb().$queryRaw<{ claimed: boolean }[]>`
    INSERT INTO "IdempotencyKey" ("orgId", key, "requestHash", state, "claimToken", "claimedAt", "expiresAt")
    VALUES (${orgId}::uuid, ${key}, ${requestHash}, 'in_flight', ${claimToken}::uuid, ${now}, ${expiresAt})
    ON CONFLICT ("orgId", key) DO UPDATE
    SET "requestHash" = EXCLUDED."requestHash", state = 'in_flight', "claimToken" = EXCLUDED."claimToken",
        "claimedAt" = EXCLUDED."claimedAt", "expiresAt" = EXCLUDED."expiresAt", "responseStatus" = NULL,
        "responseBody" = NULL
    WHERE "IdempotencyKey"."expiresAt" <= ${now}
       OR ("IdempotencyKey".state = 'in_flight' AND "IdempotencyKey"."claimedAt" < ${staleBefore})
       -- Nobody holds the claim's lock: its owner's write transaction has ended without
       -- completing it (the connection died). Taken and released within this statement.
       OR ("IdempotencyKey".state = 'in_flight' AND "IdempotencyKey"."claimedAt" < ${graceBefore}
           AND pg_try_advisory_xact_lock(${claimLockId(orgId, key)}))
    RETURNING true AS claimed`;
  return rows.length > 0;
}

async function readKey(orgId: string, key: string): Promise<StoredKey | null> {
  const rows = await getDb().$queryRaw<StoredKey[]>`
    SELECT "requestHash", state::text AS state, "responseStatus", "responseBody" FROM "IdempotencyKey"
    WHERE "orgId" = ${orgId}::uuid AND key = ${key} AND "expiresAt" > now()`;
  return rows[0] ?? null;
}

function inUse(): AppError {
  return new AppError(
    "CONFLICT",
    "A request with this Idempotency-Key is still being processed. Retry after it completes.",
    { reason: "idempotency_key_in_use" },
  );
}

/** Expired keys (24 h); run with the daily prune. Lookups ignore them before that anyway. */
export async function pruneIdempotencyKeys(now: Date = new Date()): Promise<number> {
  return getDb().$executeRaw`DELETE FROM "IdempotencyKey" WHERE "expiresAt" <= ${now}`;
}
