import { randomBytes } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createResetLinkForOperator, findResetToken } from "@/lib/auth/password-reset";
import { bucketKey } from "@/lib/auth/throttle/throttle";
import { getDb } from "@/lib/platform/db/client";

// The "Forgot password?" page and its action on a deployment without mail: no form is
// offered, the page sends the person to the service's support (never to an operator
// command), and a submitted form changes nothing, so a link the operator made with
// user:reset-link stays the live one. Real database; only the request (its headers and
// Next's after()) is stubbed.

const deferred = vi.hoisted(() => [] as (() => Promise<unknown>)[]);
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/server", () => ({ after: (task: () => Promise<unknown>) => void deferred.push(task) }));

const { forgotPasswordAction } = await import("./actions");
const { default: ForgotPasswordPage } = await import("./page");

beforeEach(() => {
  delete process.env.SMTP_URL;
  deferred.length = 0;
});
afterAll(() => {
  delete process.env.SMTP_URL;
});

async function page(params: Record<string, string> = {}): Promise<string> {
  return renderToStaticMarkup(await ForgotPasswordPage({ searchParams: Promise.resolve(params) })).replaceAll("&#x27;", "'");
}

const redirectOf = (error: unknown) => String((error as { digest?: string }).digest ?? "");

function form(email: string): FormData {
  const data = new FormData();
  data.append("email", email);
  return data;
}

describe("forgot password without mail", () => {
  it("offers no form and sends the person to the service's support", async () => {
    const html = await page();
    expect(html).not.toContain("<form");
    expect(html).toContain("Password reset by email is not available on this service");
    expect(html).toContain("Contact the service's support to get back into your account.");
    expect(html).not.toContain("npm run ops");
    expect(html).not.toContain("organization's admin");
  });

  it("links the service's support when SUPPORT_URL is set", async () => {
    process.env.SUPPORT_URL = "mailto:support@example.com";
    try {
      expect(await page()).toMatch(/<a href="mailto:support@example\.com"[^>]*>Contact the service's support<\/a> to get back into your account\./);
    } finally {
      delete process.env.SUPPORT_URL;
    }
    expect(await page()).not.toContain('data-testid="support-link"');
  });

  it("refuses a submitted form without touching any token or throttle", async () => {
    const account = await getDb().user.create({ data: { email: `forgot-${randomBytes(4).toString("hex")}@example.com` } });
    const operatorLink = await createResetLinkForOperator(account.email);
    const token = new URL(operatorLink.link).pathname.split("/").pop()!;
    const throttleRows = () => getDb().authThrottleEvent.count({ where: { bucket: bucketKey("password-reset", "account", account.email) } });

    const redirect = await forgotPasswordAction(form(account.email)).then(() => "", redirectOf);
    for (const task of deferred) await task();

    expect(redirect).toContain("/forgot-password?refused=mail_not_configured");
    expect(await findResetToken(token)).not.toBeNull();
    expect(await getDb().passwordResetToken.count({ where: { userId: account.id } })).toBe(1);
    expect(await throttleRows()).toBe(0);
  });

  it("with mail configured, still offers the form", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    const html = await page();
    expect(html).toContain("<form");
    expect(html).not.toContain("not available on this service");
  });
});
