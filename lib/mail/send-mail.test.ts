import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "@/lib/testing/smtp-server";
import { sendMail } from "./send-mail";

// Mail through a real SMTP server on 127.0.0.1 (lib/testing/smtp-server.ts), configured the
// way a deployment is: SMTP_URL read through lib/config/env.ts.

let server: TestSmtpServer;
beforeAll(async () => {
  server = await startSmtpServer({ user: "mailer", password: "s3cret pass" });
});
afterAll(async () => server.close());
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
});

describe("sendMail", () => {
  it("delivers a message to the SMTP server named by SMTP_URL, authenticating with its credentials", async () => {
    process.env.SMTP_URL = server.url;
    process.env.MAIL_FROM = "Integrations <alerts@example.com>";
    const result = await sendMail({ to: "admin@example.org", subject: "Endpoint disabled", text: "Your endpoint was disabled after 50 failures.", html: "<p>Your endpoint was disabled.</p>" });

    expect(result).toMatchObject({ outcome: "sent" });
    const [mail] = await server.waitFor(1);
    expect(mail.from).toBe("alerts@example.com");
    expect(mail.to).toEqual(["admin@example.org"]);
    expect(mail.subject).toBe("Endpoint disabled");
    expect(mail.raw).toMatch(/^From: Integrations <alerts@example\.com>$/m);
    expect(mail.raw).toContain("Your endpoint was disabled after 50 failures.");
    expect(mail.raw).toContain("text/html");
    if (result.outcome === "sent") expect(mail.raw).toContain(result.messageId);
  });

  it("sends nothing and says so when SMTP_URL is unset", async () => {
    const before = server.messages.length;
    expect(await sendMail({ to: "admin@example.org", subject: "x", text: "y" })).toEqual({ outcome: "not_configured" });
    expect(server.messages).toHaveLength(before);
  });

  it("reports a refused login as a failure without throwing", async () => {
    process.env.SMTP_URL = server.url.replace("s3cret", "wrong");
    const before = server.messages.length;
    const result = await sendMail({ to: "admin@example.org", subject: "x", text: "y" });
    expect(result).toMatchObject({ outcome: "failed" });
    expect(server.messages).toHaveLength(before);
  });
});
