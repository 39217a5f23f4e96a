import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "./passwords";
import { getAuthOptions } from "./options";
import { passwordHashQueue } from "./hash-queue";
import { SIGN_IN_ERROR } from "./sign-in-error-codes";
import { sqlRows } from "@/lib/platform/db/client";
import { bucketKey } from "./throttle/throttle";

// A queue of one behind one running hash, so two hashes in flight fill it. Set before the
// process-wide queue is first built (each test file runs in its own worker).
process.env.PASSWORD_HASH_CONCURRENCY = "1";
process.env.PASSWORD_HASH_QUEUE = "1";

type CredentialsAuthorize = (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown>;

// next-auth v4 keeps the configured authorize under `options` and passes what it throws to
// the form as `?error=<message>`: that message must be the code the form explains.
function credentialsAuthorize(): CredentialsAuthorize {
  const provider = getAuthOptions().providers.find((candidate) => candidate.id === "credentials") as unknown as { options: { authorize: CredentialsAuthorize } };
  return provider.options.authorize;
}

describe("sign-in while the password-hash queue is full", { timeout: 60_000 }, () => {
  const inFlight: Promise<unknown>[] = [];
  afterAll(() => Promise.allSettled(inFlight));

  it("refuses with the ServerBusy code instead of a generic failure", async () => {
    inFlight.push(hashPassword("first hash, running"), hashPassword("second hash, queued"));
    expect(passwordHashQueue().started).toBe(1);
    await expect(credentialsAuthorize()({ email: "busy@example.com", password: "a long enough password" }, { headers: {} })).rejects.toThrow(
      new Error(SIGN_IN_ERROR.serverBusy),
    );
    // Nothing was checked, so the attempt does not count against the address.
    const [{ count }] = await sqlRows<{ count: number }>`
      SELECT count(*)::int AS count FROM "AuthThrottleEvent" WHERE bucket = ${bucketKey("sign-in", "account", "busy@example.com")}`;
    expect(count).toBe(0);
  });
});
