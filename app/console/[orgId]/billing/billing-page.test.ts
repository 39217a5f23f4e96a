import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { createConsoleUser } from "@/lib/testing/console-session";
import { createTestOrg } from "@/lib/testing/fixtures";

// The billing page of a deployment without Stripe, as an admin sees it: it says self-serve
// billing is not set up and sends the admin to the service's support, a link when
// SUPPORT_URL is set and a whole sentence without one; never an operator command. Real
// database; only the session is stubbed.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));

const { default: BillingPage } = await import("./page");

let orgId: string;

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  session.user = await createConsoleUser(orgId, "admin");
});
afterEach(() => {
  delete process.env.SUPPORT_URL;
});

async function page(): Promise<string> {
  const html = renderToStaticMarkup(await BillingPage({ params: Promise.resolve({ orgId }), searchParams: Promise.resolve({}) }));
  return html.replaceAll("&#x27;", "'");
}

describe("the billing page without Stripe", () => {
  it("links the service's support when SUPPORT_URL is set", async () => {
    process.env.SUPPORT_URL = "https://help.example.com/integrations";
    const html = await page();
    expect(html).toMatch(/<a href="https:\/\/help\.example\.com\/integrations"[^>]*>Contact the service's support<\/a> to set your plan/);
    expect(html).not.toContain("npm run ops");
  });

  it("names the support in a whole sentence, without a link, when SUPPORT_URL is unset", async () => {
    const html = await page();
    expect(html).toContain("Self-serve billing is not set up on this deployment yet");
    expect(html).toContain("Contact the service's support to set your plan (card or annual) for this organization.");
    expect(html).not.toContain("support:");
    expect(html).not.toContain('data-testid="support-link"');
    expect(html).not.toContain("npm run ops");
  });
});
