import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { authorizeCredentials } from "@/lib/auth/credentials";
import { changePassword } from "@/lib/auth/change-password";
import { hashPassword } from "@/lib/auth/passwords";
import { SIGN_IN_ERROR } from "@/lib/auth/sign-in-error-codes";
import { THROTTLE_LIMITS } from "@/lib/auth/throttle/limits";
import { throttleStatus } from "@/lib/auth/throttle/throttle";
import { getDb } from "@/lib/platform/db/client";
import { confirmTwoFactorSetup, isTwoFactorEnabled, regenerateRecoveryCodes, startTwoFactorSetup, twoFactorStatus, verifySecondFactor } from "./authenticator";
import { disableTwoFactor } from "./disable";
import { authorizeSecondStep } from "./second-step";
import { parseCookieHeader, withSignInCookies } from "./sign-in-cookies";
import { totpCode, TOTP_PERIOD_SECONDS } from "./totp";

const password = "a perfectly long password";

// Every sign-in step checks a real scrypt hash (N=2^17): slow on a busy machine.
vi.setConfig({ testTimeout: 240_000 });
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/** A user with a password and, unless `enable` is false, two-factor on: its secret and recovery codes. */
async function userWithTwoFactor(enable = true) {
  const email = `tf-${randomBytes(4).toString("hex")}@example.com`;
  const user = await getDb().user.create({ data: { email, name: "Tess", passwordHash: await hashPassword(password) } });
  await startTwoFactorSetup(user.id);
  const status = await twoFactorStatus(user.id, email);
  if (status.enabled || !status.pending) throw new Error("setup did not start");
  const secret = status.pending.secret;
  // The confirming code is of the step before "now": sign-ins in the tests use later steps.
  const recoveryCodes = enable ? await confirmTwoFactorSetup(user.id, totpCode(secret, Date.now() - TOTP_PERIOD_SECONDS * 1000), new Date(Date.now() - TOTP_PERIOD_SECONDS * 1000)) : [];
  return { user, email, secret, recoveryCodes };
}

type Jar = Map<string, string>;

/** One request to the auth route as a browser makes it: its cookies in, Set-Cookie out into the jar. */
async function inRequest<T>(jar: Jar, work: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const header = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  let outcome: { value?: T; error?: unknown } = {};
  const { setCookies } = await withSignInCookies(header, false, async () => {
    outcome = await work().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  });
  for (const cookie of setCookies) {
    const [pair] = cookie.split(";");
    const [[name, value]] = parseCookieHeader(pair);
    if (cookie.includes("Max-Age=0")) jar.delete(name);
    else jar.set(name, value);
  }
  return outcome;
}

describe("setting up", () => {
  it("stores the secret encrypted, turns on only with a valid code, and returns ten recovery codes stored hashed", async () => {
    const email = `setup-${randomBytes(4).toString("hex")}@example.com`;
    const user = await getDb().user.create({ data: { email, passwordHash: await hashPassword(password) } });
    await startTwoFactorSetup(user.id);
    const status = await twoFactorStatus(user.id, email);
    if (status.enabled || !status.pending) throw new Error("expected a pending setup");
    expect(status.pending.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(status.pending.uri).toContain(`secret=${status.pending.secret}`);
    const row = await getDb().twoFactor.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.secretSealed).not.toContain(status.pending.secret);

    const wrong = totpCode(status.pending.secret) === "000000" ? "111111" : "000000";
    await expect(confirmTwoFactorSetup(user.id, wrong)).rejects.toMatchObject({ code: "INVALID_INPUT", details: { fields: { code: expect.anything() } } });
    expect(await isTwoFactorEnabled(user.id)).toBe(false);

    const codes = await confirmTwoFactorSetup(user.id, totpCode(status.pending.secret));
    expect(await isTwoFactorEnabled(user.id)).toBe(true);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const stored = await getDb().twoFactorRecoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    const plain = codes.map((code) => code.replaceAll("-", ""));
    for (const { codeHash } of stored) expect(plain.some((code) => codeHash.includes(code))).toBe(false);
    // Setting up again would replace the secret: refused while on.
    await expect(startTwoFactorSetup(user.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("sign-in with two-factor on", () => {
  it("the right password alone yields no user: it starts a challenge, and the code completes it once", async () => {
    const { user, email, secret } = await userWithTwoFactor();
    const jar: Jar = new Map();
    const first = await inRequest(jar, () => authorizeCredentials({ email, password }));
    expect(first.value).toBeUndefined();
    expect(first.error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorRequired });
    expect(jar.get("two-factor-challenge")).toMatch(/^[\w-]{43}$/);

    const second = await inRequest(jar, () => authorizeSecondStep({ code: totpCode(secret) }, null));
    expect(second.value).toEqual({ id: user.id, email, name: "Tess" });
    expect(jar.has("two-factor-challenge")).toBe(false);
    expect(jar.has("two-factor-device")).toBe(false);
  });

  it("a code used once is refused within its window (replay), also with a new challenge", async () => {
    const { email, secret } = await userWithTwoFactor();
    const jar: Jar = new Map();
    const code = totpCode(secret);
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    expect((await inRequest(jar, () => authorizeSecondStep({ code }, null))).value).toBeDefined();

    await inRequest(jar, () => authorizeCredentials({ email, password }));
    const replay = await inRequest(jar, () => authorizeSecondStep({ code }, null));
    expect(replay.error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorInvalid });
  });

  it("a challenge is used once: the same cookie cannot sign in twice", async () => {
    const { email, recoveryCodes } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    const copy = new Map(jar);
    expect((await inRequest(jar, () => authorizeSecondStep({ code: recoveryCodes[0] }, null))).value).toBeDefined();
    const again = await inRequest(copy, () => authorizeSecondStep({ code: recoveryCodes[1] }, null));
    expect(again.error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorExpired });
    // Without any challenge cookie (a direct POST to the second step) nothing is checked.
    expect((await inRequest(new Map(), () => authorizeSecondStep({ code: recoveryCodes[1] }, null))).error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorExpired });
  });

  it("a recovery code signs in once, typed in any case or spacing; then it is used up", async () => {
    const { user, email, recoveryCodes } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    const typed = ` ${recoveryCodes[3].toUpperCase().replaceAll("-", " ")} `;
    expect((await inRequest(jar, () => authorizeSecondStep({ code: typed }, null))).value).toMatchObject({ id: user.id });
    expect(await getDb().twoFactorRecoveryCode.count({ where: { userId: user.id, usedAt: null } })).toBe(9);

    await inRequest(jar, () => authorizeCredentials({ email, password }));
    expect((await inRequest(jar, () => authorizeSecondStep({ code: recoveryCodes[3] }, null))).error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorInvalid });
    expect(await verifySecondFactor(user.id, "not-a-code")).toBeNull();
  });

  it(`wrong codes count against the account like passwords: the ${THROTTLE_LIMITS["sign-in"].account}th failure pauses it, and the password step does not reset the count`, async () => {
    const { email, secret } = await userWithTwoFactor();
    const ip = freshIp();
    const jar: Jar = new Map();
    const good = totpCode(secret);
    const wrong = good === "123456" ? "654321" : "123456";
    let failures = 0;
    // Each round is the password step (counted until the code succeeds) then a wrong code.
    while (failures < THROTTLE_LIMITS["sign-in"].account - 2) {
      await inRequest(jar, () => authorizeCredentials({ email, password }, ip));
      const result = await inRequest(jar, () => authorizeSecondStep({ code: wrong }, ip));
      expect(result.error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorInvalid });
      failures += 2;
    }
    expect(await throttleStatus({ action: "sign-in", account: email, ip })).toEqual({ limited: false });
    await inRequest(jar, () => authorizeCredentials({ email, password }, ip));
    await inRequest(jar, () => authorizeSecondStep({ code: wrong }, ip));
    expect((await throttleStatus({ action: "sign-in", account: email, ip: null })).limited).toBe(true);
    // Even the right code is not checked now.
    const refused = await inRequest(jar, () => authorizeSecondStep({ code: good }, ip));
    expect(refused.error).toMatchObject({ code: "RATE_LIMITED", details: { reason: "too_many_attempts" } });
  });

  it("a successful code clears the account's count", async () => {
    const { email, secret } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    await inRequest(jar, () => authorizeSecondStep({ code: "000000" === totpCode(secret) ? "111111" : "000000" }, null));
    expect((await inRequest(jar, () => authorizeSecondStep({ code: totpCode(secret) }, null))).value).toBeDefined();
    const rows = await throttleStatus({ action: "sign-in", account: email, ip: null });
    expect(rows).toEqual({ limited: false });
  });
});

describe("remember this device", () => {
  it("is off unless asked; when asked, the password alone signs in on that device for 30 days, not on another", async () => {
    const { user, email, secret } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    await inRequest(jar, () => authorizeSecondStep({ code: totpCode(secret), remember: "on" }, null));
    const token = jar.get("two-factor-device");
    expect(token).toMatch(/^[\w-]{43}$/);
    const device = await getDb().trustedDevice.findFirstOrThrow({ where: { userId: user.id } });
    expect(device.tokenHash).not.toContain(token);
    const days = (device.expiresAt.getTime() - device.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    expect((await inRequest(jar, () => authorizeCredentials({ email, password }))).value).toMatchObject({ id: user.id });
    // Another browser, and this device's cookie with a wrong password, get no session.
    expect((await inRequest(new Map(), () => authorizeCredentials({ email, password }))).error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorRequired });
    expect((await inRequest(jar, () => authorizeCredentials({ email, password: "a wrong password here" }))).value).toBeNull();
    // Another account's device token is no device of this one.
    const other = await userWithTwoFactor();
    expect((await inRequest(jar, () => authorizeCredentials({ email: other.email, password }))).error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorRequired });
  });

  it("is forgotten when the password changes", async () => {
    const { user, email, secret } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    await inRequest(jar, () => authorizeSecondStep({ code: totpCode(secret), remember: "on" }, null));
    const newPassword = "another perfectly long password";
    await changePassword(user.id, { currentPassword: password, newPassword }, { ip: null });
    expect((await inRequest(jar, () => authorizeCredentials({ email, password: newPassword }))).error).toMatchObject({ message: SIGN_IN_ERROR.twoFactorRequired });
  });

  it("is forgotten when two-factor is turned off, which needs the password and a code", async () => {
    const { user, email, secret, recoveryCodes } = await userWithTwoFactor();
    const jar: Jar = new Map();
    await inRequest(jar, () => authorizeCredentials({ email, password }));
    await inRequest(jar, () => authorizeSecondStep({ code: totpCode(secret), remember: "on" }, null));
    expect(await getDb().trustedDevice.count({ where: { userId: user.id } })).toBe(1);

    await expect(disableTwoFactor(user.id, { password: "not the password at all", code: recoveryCodes[0] }, { ip: null })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { fields: { password: expect.anything() } },
    });
    await expect(disableTwoFactor(user.id, { password, code: "000000" === totpCode(secret) ? "111111" : "000000" }, { ip: null })).rejects.toMatchObject({
      details: { fields: { code: expect.anything() } },
    });
    await expect(disableTwoFactor(user.id, { password, code: "" }, { ip: null })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await isTwoFactorEnabled(user.id)).toBe(true);

    await disableTwoFactor(user.id, { password, code: recoveryCodes[0] }, { ip: null });
    expect(await isTwoFactorEnabled(user.id)).toBe(false);
    expect(await getDb().trustedDevice.count({ where: { userId: user.id } })).toBe(0);
    expect(await getDb().twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect((await inRequest(new Map(), () => authorizeCredentials({ email, password }))).value).toMatchObject({ id: user.id });
  });

  it("turning off is refused while an organization of the user requires two-factor", async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const org = await getDb().organization.create({ data: { name: "Strict Org", requireTwoFactor: true } });
    await getDb().membership.create({ data: { orgId: org.id, userId: user.id, role: "member" } });
    await expect(disableTwoFactor(user.id, { password, code: recoveryCodes[0] }, { ip: null })).rejects.toMatchObject({
      code: "CONFLICT",
      details: { reason: "two_factor_required_by_org" },
    });
    expect(await isTwoFactorEnabled(user.id)).toBe(true);
  });
});

describe("recovery codes", () => {
  it("regenerating needs a valid code and replaces all ten", async () => {
    const { user, secret, recoveryCodes } = await userWithTwoFactor();
    await expect(regenerateRecoveryCodes(user.id, "000000" === totpCode(secret) ? "111111" : "000000")).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const fresh = await regenerateRecoveryCodes(user.id, recoveryCodes[0]);
    expect(fresh).toHaveLength(10);
    expect(await verifySecondFactor(user.id, recoveryCodes[1])).toBeNull();
    expect(await verifySecondFactor(user.id, fresh[1])).toBe("recovery");
  });
});
