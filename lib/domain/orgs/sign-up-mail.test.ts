import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { signUpWithOrganization, signUpWithoutDisclosure } from "./sign-up";

// The public sign-up hands the caller a new account to sign in, or, for a taken address,
// nothing to sign in and a mail to the address's owner (through a real SMTP server).

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.NEXTAUTH_URL = "https://console.example.com";
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.NEXTAUTH_URL;
  await smtp.close();
});

const fresh = (tag: string) => `${tag}-${randomBytes(4).toString("hex")}@example.com`;
const password = "a long enough password";

describe("signUpWithoutDisclosure's outcome", { timeout: 60_000 }, () => {
  it("a free address: the new account to sign in, and no mail", async () => {
    const email = fresh("new");
    const before = smtp.messages.length;
    const outcome = await signUpWithoutDisclosure({ email, password, orgName: "New org" });
    expect(outcome.receipt).toEqual({ email });
    expect(outcome.created?.user.email).toBe(email);
    expect(await outcome.afterAnswer()).toBeNull();
    expect(smtp.messages.length).toBe(before);
  });

  it("a taken address: the same receipt, nobody to sign in, and a mail to the owner after the answer", async () => {
    const email = fresh("taken");
    await signUpWithOrganization({ email, password, orgName: "Owner's org" });
    const before = smtp.messages.length;
    const outcome = await signUpWithoutDisclosure({ email: email.toUpperCase(), password: "the prober's password", orgName: "Probe" });
    expect(outcome.receipt).toEqual({ email: email.toUpperCase() });
    expect(outcome.created).toBeNull();
    expect(smtp.messages.length).toBe(before);
    expect(await outcome.afterAnswer()).toMatchObject({ outcome: "sent" });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail.to.map((to) => to.toLowerCase())).toEqual([email]);
    expect(mail.subject).toBe("Someone tried to sign up with your address");
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain("https://console.example.com/forgot-password");
  });
});
