import { OPERATOR } from "@/lib/domain/audit/record";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { authenticateAndCount } from "./authenticate";

// The key lookup and the rate-limit count are one statement: a live key's request counts
// exactly once, a refused key's never.

async function counter(keyId: string): Promise<number | null> {
  const rows = await getDb().$queryRaw<{ count: number }[]>`SELECT "count" FROM "RateLimitCounter" WHERE "keyId" = ${keyId}::uuid`;
  return rows[0]?.count ?? null;
}

async function refusal(secret: string, now?: Date): Promise<string | undefined> {
  const error = await authenticateAndCount(secret, now).then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).details?.reason as string | undefined;
}

describe("authenticateAndCount", () => {
  it("counts each request of a live key once and reports the window", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id);
    const first = await authenticateAndCount(key.secret);
    expect(first.key.id).toBe(key.id);
    expect(first.key.org.id).toBe(org.id);
    expect(first.rate).toMatchObject({ limit: 600, remaining: 599, exceeded: false });
    expect(first.rate.resetSeconds).toBeGreaterThanOrEqual(50); // a loaded machine may take seconds between statements
    expect(first.rate.resetSeconds).toBeLessThanOrEqual(60);
    const second = await authenticateAndCount(key.secret);
    expect(second.rate.remaining).toBe(598);
    expect(await counter(key.id)).toBe(2);
  });

  it("counts a live key's requests while its organization is locked (the lock is decided from the same row)", async () => {
    const org = await createTestOrg();
    const key = await createTestKey(org.id);
    await setBilling(org.id, { plan: "free" }, OPERATOR);
    const { key: found } = await authenticateAndCount(key.secret);
    expect(found.org.billingPlan).toBe("free");
    expect(await counter(key.id)).toBe(1);
  });

  it("never counts a revoked, expired or unknown key", async () => {
    const org = await createTestOrg();
    const revoked = await createTestKey(org.id);
    await revokeApiKey(revoked.id, org.id, OPERATOR);
    expect(await refusal(revoked.secret)).toBe("revoked_key");
    expect(await counter(revoked.id)).toBeNull();

    const expiring = await createTestKey(org.id, undefined, new Date(Date.now() + 60_000));
    expect(await refusal(expiring.secret, new Date(Date.now() + 120_000))).toBe("expired_key");
    expect(await counter(expiring.id)).toBeNull();

    expect(await refusal("svc_live_" + "b".repeat(32))).toBe("invalid_key");
  });
});
