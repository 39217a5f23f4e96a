import type pg from "pg";

// The bench drives the API far above one key's budget (600 requests a minute), and must
// not weaken the product to do so. It spreads requests round-robin over every key an
// organization may hold (100, created through the product's own createApiKey), and
// between cases deletes the rate-limit counters of those keys only, which is what their
// windows rolling over would do after a minute's pause. Each key then stays far under
// 600 requests within a case, and the limiter still runs its full upsert on every request.

export class KeyRing {
  private next = 0;

  constructor(
    readonly ids: string[],
    private readonly secrets: string[],
  ) {
    if (!secrets.length) throw new Error("KeyRing needs at least one key");
  }

  get size(): number {
    return this.secrets.length;
  }

  /** The next key, round-robin. */
  take(): string {
    const secret = this.secrets[this.next];
    this.next = (this.next + 1) % this.secrets.length;
    return secret;
  }

  authorization(): Record<string, string> {
    return { authorization: `Bearer ${this.take()}` };
  }
}

/** Opens a fresh rate-limit window for each of the bench's own keys. */
export async function resetRateLimitWindows(pool: pg.Pool, keyIds: string[]): Promise<void> {
  await pool.query(`DELETE FROM "RateLimitCounter" WHERE "keyId" = ANY($1::uuid[])`, [keyIds]);
}
