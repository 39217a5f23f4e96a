import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/passwords";
import { passwordHashQueue } from "@/lib/auth/hash-queue";
import { getDb, sqlRows } from "@/lib/platform/db/client";
import { OPERATOR } from "@/lib/domain/audit/record";
import { acceptInviteWithNewAccount, createInvite } from "@/lib/domain/orgs/invites";
import { signUpWithOrganization } from "@/lib/domain/orgs/sign-up";
import { THROTTLE_LIMITS, THROTTLE_WINDOW_SECONDS } from "./limits";
import { bucketKey, recordAttempt, throttleStatus } from "./throttle";

const fresh = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
const password = "the right password, long";

describe("sign-in failures", () => {
  it("10 failures for one account pause it for 15 minutes; the rows name neither email nor IP", async () => {
    const email = fresh("locked");
    await getDb().user.create({ data: { email, passwordHash: await hashPassword(password) } });
    const ip = freshIp();
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await recordAttempt({ action: "sign-in", account: email, ip });
    }
    expect(await throttleStatus({ action: "sign-in", account: email, ip })).toEqual({ limited: false });
    // The tenth failure goes through the real credentials check.
    await expect(authorizeCredentials({ email, password: "wrong password" }, ip)).resolves.toBeNull();

    const status = await throttleStatus({ action: "sign-in", account: email.toUpperCase(), ip: null });
    expect(status.limited).toBe(true);
    if (status.limited) expect(status.retryAfterSeconds).toBeGreaterThan(THROTTLE_WINDOW_SECONDS - 60);
    expect(status.limited && status.retryAfterSeconds).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS);
    // Another account from the same IP is not affected.
    expect(await throttleStatus({ action: "sign-in", account: fresh("other"), ip })).toEqual({ limited: false });

    const stored = await sqlRows<{ bucket: string }>`SELECT bucket FROM "AuthThrottleEvent"`;
    expect(stored.some((row) => row.bucket.includes(email) || row.bucket.includes(ip))).toBe(false);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const email = fresh("clears");
    await getDb().user.create({ data: { email, passwordHash: await hashPassword(password) } });
    for (let attempt = 0; attempt < 9; attempt += 1) await recordAttempt({ action: "sign-in", account: email, ip: null });
    await expect(authorizeCredentials({ email, password })).resolves.toMatchObject({ email });
    for (let attempt = 0; attempt < 9; attempt += 1) await recordAttempt({ action: "sign-in", account: email, ip: null });
    expect(await throttleStatus({ action: "sign-in", account: email, ip: null })).toEqual({ limited: false });
  });

  it(`${THROTTLE_LIMITS["sign-in"].ip} failures from one IP across many accounts pause that IP only`, async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < THROTTLE_LIMITS["sign-in"].ip; attempt += 1) {
      await recordAttempt({ action: "sign-in", account: fresh("spray"), ip });
    }
    expect((await throttleStatus({ action: "sign-in", account: fresh("victim"), ip })).limited).toBe(true);
    expect(await throttleStatus({ action: "sign-in", account: fresh("victim"), ip: freshIp() })).toEqual({ limited: false });
  });

  it("the window slides: failures older than 15 minutes no longer count", async () => {
    const email = fresh("sliding");
    for (let attempt = 0; attempt < 10; attempt += 1) await recordAttempt({ action: "sign-in", account: email, ip: null });
    expect((await throttleStatus({ action: "sign-in", account: email, ip: null })).limited).toBe(true);
    // Age the oldest failure past the window: 9 remain inside it.
    await sqlRows`
      UPDATE "AuthThrottleEvent" SET "createdAt" = "createdAt" - interval '16 minutes'
      WHERE id = (SELECT min(id) FROM "AuthThrottleEvent" WHERE bucket = ${bucketKey("sign-in", "account", email)})`;
    expect(await throttleStatus({ action: "sign-in", account: email, ip: null })).toEqual({ limited: false });
  });
});

describe("sign-up and invite attempts", () => {
  it("count every attempt and refuse past the limit with RATE_LIMITED and Retry-After", async () => {
    const email = fresh("signup");
    for (let attempt = 0; attempt < THROTTLE_LIMITS["sign-up"].account; attempt += 1) {
      await recordAttempt({ action: "sign-up", account: email, ip: null });
    }
    const refusal = await recordAttempt({ action: "sign-up", account: email, ip: null }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", status: 429, details: { reason: "too_many_attempts" } });
    expect(Number((refusal as { headers: Record<string, string> }).headers["retry-after"])).toBeGreaterThan(0);
    // Sign-in is a separate action: a busy sign-up does not block signing in.
    expect(await throttleStatus({ action: "sign-in", account: email, ip: null })).toEqual({ limited: false });
  });
});

describe("the sign-up and invite flows use the throttle", { timeout: 120_000 }, () => {
  it(`sign-up refuses the ${THROTTLE_LIMITS["sign-up"].account + 1}th attempt for one email within the window, without hashing`, async () => {
    const email = fresh("signup-flow");
    const attempt = () => signUpWithOrganization({ email, password, orgName: "Org" }, { ip: null }).catch((error: unknown) => error);
    for (let index = 0; index < THROTTLE_LIMITS["sign-up"].account; index += 1) {
      expect(await attempt()).not.toMatchObject({ code: "RATE_LIMITED" });
    }
    const queue = passwordHashQueue();
    const before = queue.started;
    expect(await attempt()).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(queue.started).toBe(before);
  });

  it(`invite acceptance refuses past ${THROTTLE_LIMITS.invite.ip} attempts from one IP`, async () => {
    const ip = freshIp();
    for (let index = 0; index < THROTTLE_LIMITS.invite.ip; index += 1) {
      await recordAttempt({ action: "invite", account: `token-${index}`, ip });
    }
    const { org } = await signUpWithOrganization({ email: fresh("inviter"), password, orgName: "Inviting" });
    const { token } = await createInvite(org.id, { email: fresh("invited"), role: "member" }, OPERATOR);
    const refusal = await acceptInviteWithNewAccount(token, { password }, new Date(), { ip }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", details: { reason: "too_many_attempts" } });
    await expect(acceptInviteWithNewAccount(token, { password }, new Date(), { ip: freshIp() })).resolves.toMatchObject({ role: "member" });
  });
});
