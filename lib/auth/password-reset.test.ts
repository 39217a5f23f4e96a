import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { verifyPassword, hashPassword } from "./passwords";
import { RESET_TTL_MS, createResetLinkForOperator, findResetToken, requestPasswordReset, resetPassword } from "./password-reset";

// "Forgot password?" through a real SMTP server on 127.0.0.1: the mailed link works once,
// expires, is replaced by a newer one, ends every session; unknown addresses get the same
// answer and no mail; requests are throttled per address.

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://console.example.com";
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.NEXTAUTH_URL;
  await smtp.close();
});

const ip = () => `198.51.100.${Math.floor(Math.random() * 250)}`;

async function user() {
  const email = `reset-${randomBytes(4).toString("hex")}@example.com`;
  return getDb().user.create({ data: { email, passwordHash: await hashPassword("old password 123") } });
}

/** Asks for a reset and returns the token from the mail the SMTP server received. */
async function mailedToken(email: string): Promise<string> {
  const before = smtp.messages.length;
  const { send } = await requestPasswordReset({ email }, { ip: ip() });
  expect(await send()).toMatchObject({ outcome: "sent" });
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  expect(mail.to).toEqual([email]);
  expect(mail.subject).toBe("Reset your password");
  const link = mail.raw.replace(/=\r?\n/g, "").match(/https:\/\/console\.example\.com\/reset-password\/([\w-]+)/);
  expect(link).not.toBeNull();
  return link![1];
}

describe("password reset by mail", () => {
  it("the mailed link sets a new password once, ends every session and stores only a hash", async () => {
    const account = await user();
    const token = await mailedToken(account.email);
    expect(JSON.stringify(await getDb().passwordResetToken.findMany({ where: { userId: account.id } }))).not.toContain(token);

    expect(await resetPassword(token, { password: "a brand new password" })).toEqual({ email: account.email });
    const after = await getDb().user.findUniqueOrThrow({ where: { id: account.id } });
    expect(await verifyPassword("a brand new password", after.passwordHash!)).toBe(true);
    expect(after.sessionsValidAfter).not.toBeNull();

    await expect(resetPassword(token, { password: "another new password" })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "reset_link_invalid" } });
  });

  it("a newer link replaces the older; an expired link does nothing", async () => {
    const account = await user();
    const first = await mailedToken(account.email);
    const second = await mailedToken(account.email);
    expect(await findResetToken(first)).toBeNull();
    expect(await findResetToken(second)).not.toBeNull();
    expect(await findResetToken(second, new Date(Date.now() + RESET_TTL_MS + 1000))).toBeNull();
    await expect(resetPassword(second, { password: "a brand new password" }, new Date(Date.now() + RESET_TTL_MS + 1000))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a known address writes no link before the answer: send(), run after it, makes and mails it", async () => {
    const account = await user();
    const earlier = new URL((await createResetLinkForOperator(account.email)).link).pathname.split("/").pop()!;
    const tokens = () => getDb().passwordResetToken.findMany({ where: { userId: account.id }, select: { tokenHash: true } });
    const before = await tokens();

    const { send } = await requestPasswordReset({ email: account.email }, { ip: ip() });
    expect(await tokens()).toEqual(before);
    expect(await findResetToken(earlier)).not.toBeNull();

    expect(await send()).toMatchObject({ outcome: "sent" });
    expect(await findResetToken(earlier)).toBeNull();
    expect(await getDb().passwordResetToken.count({ where: { userId: account.id, usedAt: null } })).toBe(1);
  });

  it("an unknown address gets the same answer and no mail", async () => {
    const before = smtp.messages.length;
    const { send } = await requestPasswordReset({ email: `nobody-${randomBytes(4).toString("hex")}@example.com` }, { ip: ip() });
    expect(await send()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages).toHaveLength(before);
  });

  it("is throttled per address like sign-in", async () => {
    const account = await user();
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await requestPasswordReset({ email: account.email }, { ip: ip() }).then(() => "ok", (e: { code: string }) => e.code));
    expect(results.slice(0, 5)).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    expect(results.slice(5)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
  });

  it("refuses a too-short password and a malformed token, changing nothing", async () => {
    const account = await user();
    const token = await mailedToken(account.email);
    await expect(resetPassword(token, { password: "short" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await findResetToken(token)).not.toBeNull();
    await expect(resetPassword("../../etc", { password: "a brand new password" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("without SMTP it is refused and the link an operator made stays live", async () => {
    const account = await user();
    const operatorLink = await createResetLinkForOperator(account.email);
    delete process.env.SMTP_URL;
    await expect(requestPasswordReset({ email: account.email }, { ip: ip() })).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", details: { reason: "mail_not_configured" } });
    expect(await findResetToken(new URL(operatorLink.link).pathname.split("/").pop()!)).not.toBeNull();
    expect(await getDb().passwordResetToken.count({ where: { userId: account.id } })).toBe(1);
  });
});
