import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg } from "@/lib/testing/fixtures";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { mailInvite } from "./invite-mail";
import { createInvite, findInviteByToken } from "./invites";

// Invitations mailed through a real SMTP server on 127.0.0.1; the mailed link is the one
// that opens the invitation.

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
    expect(mail.subject).toBe("You are invited to Mail Org");
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
