import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { testActor } from "@/lib/testing/actor";
import { signUpWithOrganization } from "./sign-up";
import { INVITE_LIMITS } from "./invite-limits";
import { mailInvite, quotedForMail } from "./invite-mail";
import { createInvite, findInviteByToken } from "./invites";

// Invitations mailed through a real SMTP server on 127.0.0.1; the mailed link is the one
// that opens the invitation.

/** A Subject header as a mail client shows it (RFC 2047 encoded words decoded). */
function decodedSubject(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

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

describe("mailInvite", () => {
  it("mails the invitation link, which opens the invitation", async () => {
    const org = await createTestOrg({ name: "Mail Org" });
    const email = `invitee-${randomBytes(3).toString("hex")}@example.com`;
    const { token } = await createInvite(org.id, { email, role: "door_staff" }, OPERATOR);
    expect(await mailInvite({ email, role: "door_staff", orgName: org.name, invitedBy: "Ada", token })).toMatchObject({ outcome: "sent" });
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual([email]);
    expect(decodedSubject(mail.subject)).toBe('Invitation to join "Mail Org"');
    const body = mail.raw.replace(/=\r?\n/g, "");
    expect(body).toContain("door staff");
    const mailed = body.match(/https:\/\/console\.example\.com\/invite\/([\w-]+)/)![1];
    expect((await findInviteByToken(mailed))?.email).toBe(email);
  });

  it("says so when the deployment sends no mail", async () => {
    delete process.env.SMTP_URL;
    expect(await mailInvite({ email: "x@example.com", role: "member", orgName: "O", invitedBy: "Ada", token: "t" })).toEqual({ outcome: "not_configured" });
    process.env.SMTP_URL = smtp.url;
  });
});

// An organization named like a warning from us, and an inviter named like a link: the
// mail must not read as ours nor carry anyone's link but ours.
describe("invitation mail is not a phishing relay", () => {
  const lure = "Your account will be suspended. Sign in at https://evil.example/verify now";

  const unfolded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

  it("quotes organization-supplied names in the subject and body, and links only to our origin", async () => {
    const org = await createTestOrg({ name: lure });
    const email = `target-${randomBytes(3).toString("hex")}@example.com`;
    const { token } = await createInvite(org.id, { email, role: "member" }, OPERATOR);
    const before = smtp.messages.length;
    await mailInvite({ email, role: "member", orgName: org.name, invitedBy: "Support <support@evil.example> http://evil.example", token });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const subject = decodedSubject(mail.subject);
    expect(subject).toMatch(/^Invitation to join "[^"]*"$/);
    expect(subject).not.toMatch(/^Your account/);
    const body = unfolded(mail.raw.split(/\r?\n\r?\n/).slice(1).join("\n\n"));
    for (const text of [subject, body]) {
      expect(text).not.toContain("evil.example");
      expect(text).not.toContain("://evil");
    }
    // Every link in the mail is ours.
    const links = body.match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? [];
    expect(links.length).toBe(1);
    expect(links[0]).toMatch(/^https:\/\/console\.example\.com\/invite\//);
  });

  it("a name is one line, quoted and at most 60 characters", () => {
    expect(quotedForMail("Line one\r\nBcc: x@y.z\u2028\"quoted\"")).toBe(`"Line one Bcc: x[at]y[.]z 'quoted'"`);
    expect([...quotedForMail("a".repeat(200))].length).toBe(62);
  });
});

describe("invitations are limited per organization, per inviter and per address", { timeout: 60_000 }, () => {
  const fresh = () => `limited-${randomBytes(4).toString("hex")}@example.com`;

  it(`an organization sends at most ${INVITE_LIMITS.organization} in 15 minutes; the next is refused and nothing is written`, async () => {
    const org = await createTestOrg();
    for (let index = 0; index < INVITE_LIMITS.organization; index += 1) await createInvite(org.id, { email: fresh(), role: "member" }, OPERATOR);
    const refused = await createInvite(org.id, { email: fresh(), role: "member" }, OPERATOR).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", status: 429, details: { reason: "too_many_invitations", limit: "organization" } });
    expect((refused as Error).message).toMatch(/^This organization has sent 20 invitations in the last 15 minutes\. Try again in \d+ minutes?\.$/);
    expect(await getDb().invite.count({ where: { orgId: org.id } })).toBe(INVITE_LIMITS.organization);
  });

  it(`one address is invited at most ${INVITE_LIMITS.recipient} times, by any organizations; the refusal names the email field`, async () => {
    const target = fresh();
    for (let index = 0; index < INVITE_LIMITS.recipient; index += 1) {
      await createInvite((await createTestOrg()).id, { email: target, role: "member" }, OPERATOR);
    }
    const refused = await createInvite((await createTestOrg()).id, { email: target.toUpperCase(), role: "member" }, OPERATOR).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", details: { limit: "recipient", fields: { email: { code: "too_many_invitations" } } } });
  });

  it(`one person sends at most ${INVITE_LIMITS.inviter}, across the organizations they run`, async () => {
    const { user, org } = await signUpWithOrganization({ email: fresh(), password: "a long enough password", orgName: "First of many" });
    const second = await createTestOrg();
    await getDb().membership.create({ data: { orgId: second.id, userId: user.id, role: "admin" } });
    for (let index = 0; index < INVITE_LIMITS.inviter; index += 1) {
      await createInvite(index % 2 === 0 ? org.id : second.id, { email: fresh(), role: "member" }, testActor(user.id));
    }
    const refused = await createInvite(second.id, { email: fresh(), role: "member" }, testActor(user.id)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "RATE_LIMITED", details: { limit: "inviter" } });
    expect((refused as Error).message).toMatch(/^You have sent 20 invitations/);
  });
});
