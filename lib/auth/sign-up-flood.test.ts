import { createHash, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { OPERATOR } from "@/lib/domain/audit/record";
import { acceptInviteWithoutDisclosure, createInvite } from "@/lib/domain/orgs/invites";
import { signUpWithOrganization, signUpWithoutDisclosure } from "@/lib/domain/orgs/sign-up";
import { getDb } from "@/lib/platform/db/client";
import { authorizeCredentials } from "./credentials";
import { passwordHashQueue } from "./hash-queue";
import { hashPassword } from "./passwords";

// Sign-up and invitation sign-up are open to anyone and each costs a password hash: a
// flood of them must neither create accounts without bound nor hold up sign-ins, which
// share the hash queue (docs/security.md "Sign-up bounds and the hash queue").

const fresh = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;
const password = "a long enough password";
const refusalOf = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

afterEach(() => {
  delete process.env.SIGN_UP_GLOBAL_LIMIT;
});

describe("the public sign-up paths under a flood", { timeout: 180_000 }, () => {
  it("an unknown invitation link is refused before any hash or count", async () => {
    const queue = passwordHashQueue();
    const before = queue.started;
    const rowsBefore = await getDb().authThrottleEvent.count();
    const refusals = await Promise.all(Array.from({ length: 40 }, () => refusalOf(acceptInviteWithoutDisclosure(randomBytes(32).toString("base64url"), { password }))));
    expect(refusals.every((error) => (error as { details?: { reason?: string } }).details?.reason === "invite_not_found")).toBe(true);
    expect(queue.started).toBe(before);
    expect(await getDb().authThrottleEvent.count()).toBe(rowsBefore);
  });

  it("20 sign-ups at once: at most one of their hashes is ever in the shared queue, the rest are refused, and a sign-in meanwhile is served", async () => {
    const owner = fresh("owner");
    await getDb().user.create({ data: { email: owner, passwordHash: await hashPassword(password) } });
    const queue = passwordHashQueue();
    let settled = false;
    const flood = Promise.all(Array.from({ length: 20 }, (_, index) => refusalOf(signUpWithoutDisclosure({ email: fresh(`flood-${index}`), password, orgName: "Flood org" }))));
    void flood.finally(() => (settled = true));
    // Sampled while the flood lasts: a sign-in arriving at any moment finds at most the
    // one running sign-up hash ahead of it, never a line of them.
    let mostWaiting = 0;
    const sampling = (async () => {
      while (!settled) {
        mostWaiting = Math.max(mostWaiting, queue.queued);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const signedIn = await authorizeCredentials({ email: owner, password });
    expect(signedIn).toMatchObject({ email: owner });
    const refusals = await flood;
    await sampling;
    expect(mostWaiting).toBeLessThanOrEqual(1);
    // One hashing and four waiting at the gate; the rest are told the server is busy.
    const busy = refusals.filter((error) => (error as { details?: { reason?: string } } | null)?.details?.reason === "password_hashing_busy");
    expect(busy.length).toBe(15);
    expect(refusals.filter((error) => error === null).length).toBe(5);
  });

  it("sign-ups and invitation sign-ups share one service-wide limit, whatever the address or IP", async () => {
    const { org } = await signUpWithOrganization({ email: fresh("inviter"), password, orgName: "Inviting" });
    const { token } = await createInvite(org.id, { email: fresh("invited"), role: "member" }, OPERATOR);
    // Whatever this run's other public sign-ups left in the window, three more are allowed.
    const globalBucket = createHash("sha256").update("new-account\0global").digest("hex");
    const existing = await getDb().authThrottleEvent.count({ where: { bucket: globalBucket, createdAt: { gt: new Date(Date.now() - 15 * 60_000) } } });
    const room = 3;
    process.env.SIGN_UP_GLOBAL_LIMIT = String(existing + room);
    for (let index = 0; index < room - 1; index += 1) {
      await signUpWithoutDisclosure({ email: fresh("allowed"), password, orgName: "Allowed" }, { ip: `10.9.${index}.1` });
    }
    await expect(acceptInviteWithoutDisclosure(token, { password }, new Date(), { ip: "10.9.200.1" })).resolves.toMatchObject({ email: expect.any(String) });
    const queue = passwordHashQueue();
    const before = queue.started;
    const refused = await refusalOf(signUpWithoutDisclosure({ email: fresh("refused"), password, orgName: "Refused org" }, { ip: "10.9.201.1" }));
    expect(refused).toMatchObject({ code: "RATE_LIMITED", details: { reason: "too_many_attempts" } });
    expect(queue.started).toBe(before);
    expect(await getDb().organization.count({ where: { name: "Refused org" } })).toBe(0);
    // Seeding and operator tools (not the public form) are not counted.
    await expect(signUpWithOrganization({ email: fresh("seeded"), password, orgName: "Seeded" })).resolves.toBeTruthy();
  });
});
