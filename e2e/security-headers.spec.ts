import { expect, test, type Page, type Response } from "@playwright/test";
import { signUp, uniqueEmail, unlockBilling } from "./support/console";
import { ops } from "./support/server";
import { emptyWorkspace } from "./support/page-fixtures";
import { PAGES, pageFiles, SIGNED_OUT_PAGES } from "./support/pages";

// Every page of the app (enumerated from app/**/page.tsx, so a new page
// without a row in e2e/support/pages.ts fails) answers with the security headers, runs
// under its nonce CSP with no violation, and hydrates (React attached; a click works).
// The HTML reference's inline stylesheet is allowed by hash. The Partner API keeps
// Cache-Control: private, no-store.

// The operator CLI (ops) saves endpoints on 127.0.0.1 under the same loopback exception
// the server runs with (playwright.config.ts).
process.env.OUTBOUND_ALLOW_LOOPBACK = "1";

/** Records CSP violations as the page reports them (event) and as chromium logs them. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

async function reportedViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

function expectPageHeaders(response: Response | null, label: string) {
  expect(response, label).not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, label).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/);
  expect(scriptSrc, label).not.toContain("unsafe-inline");
  expect(scriptSrc, label).not.toContain("unsafe-eval");
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) expect(csp, label).toContain(directive);
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  // `next start` is production: HSTS is sent (browsers ignore it over plain http).
  expect(headers["strict-transport-security"], label).toMatch(/^max-age=\d+/);
  return /'nonce-([^']+)'/.exec(csp)![1];
}

async function expectHydrated(page: Page, label: string) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber") || key.startsWith("__reactContainer"))), {
      message: `${label} hydrated`,
    })
    .toBe(true);
}

test("every page answers with a nonce CSP and the security headers, with no violation, and hydrates", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const files = pageFiles().sort();
  expect(files, "a page without a row in PAGES").toEqual(Object.keys(PAGES).sort());

  // Signed out first: home, sign-in, sign-up, an invite link.
  const anonymous = await browser.newContext();
  const outPage = await anonymous.newPage();
  const outViolations = await watchViolations(outPage);
  const nonces = new Set<string>();
  for (const file of SIGNED_OUT_PAGES) {
    const response = await outPage.goto(PAGES[file]({ orgId: "", endpointId: "", dataSourceId: "", eventId: "", attendeeId: "", keyId: "" }));
    nonces.add(expectPageHeaders(response, file));
    await expectHydrated(outPage, file);
    expect(await reportedViolations(outPage), file).toEqual([]);
  }
  expect(outViolations).toEqual([]);
  await anonymous.close();

  // Signed in: every console page, with an endpoint and a data source to open.
  const violations = await watchViolations(page);
  const orgId = await signUp(page, { email: uniqueEmail("csp"), orgName: "CSP Org" });
  await unlockBilling(orgId);
  const ids = await emptyWorkspace(orgId);

  for (const file of Object.keys(PAGES).filter((name) => name.startsWith("app/console/"))) {
    const response = await page.goto(PAGES[file](ids));
    nonces.add(expectPageHeaders(response, file));
    await expectHydrated(page, file);
    expect(await reportedViolations(page), file).toEqual([]);
  }
  expect(nonces.size, "a fresh nonce per response").toBe(Object.keys(PAGES).length);

  // Clicks that only work once hydrated.
  await page.goto(PAGES["app/console/[orgId]/webhooks/[endpointId]/page.tsx"](ids));
  await page.getByTestId("roll-secret").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await page.goto(PAGES["app/console/[orgId]/data-sources/new/page.tsx"](ids));
  const rows = await page.getByTestId("header-row").count();
  await page.getByTestId("add-header").click();
  await expect(page.getByTestId("header-row")).toHaveCount(rows + 1);
  // Client-side navigation (RSC requests) under the same policy.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  expect(await reportedViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test("the HTML reference allows exactly its inline stylesheet and script; the Partner API keeps private, no-store", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/partner/v1/docs");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+';/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // The stylesheet applied (a blocked <style> has no rules), and nothing was refused.
  expect(await page.evaluate(() => [...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0))).toBeGreaterThan(0);
  expect(await reportedViolations(page)).toEqual([]);
  expect(violations).toEqual([]);

  const api = await request.get("/partner/v1/me");
  expect(api.status()).toBe(401);
  expect(api.headers()["cache-control"]).toBe("private, no-store");
});

test("next-auth's own pages cannot be framed, run only their own stylesheet, and the sign-out form still works", async ({ page }) => {
  await signUp(page, { email: uniqueEmail("nextauth-pages"), orgName: "NextAuth Pages Org" });
  const violations = await watchViolations(page);
  for (const path of ["/api/auth/verify-request", "/api/auth/signout"]) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers["content-type"], path).toContain("text/html");
    expect(headers["content-security-policy"], path).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toContain("form-action 'self'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(await page.evaluate(() => [...document.styleSheets].reduce((sum, sheet) => sum + sheet.cssRules.length, 0)), path).toBeGreaterThan(0);
  }
  // Framed by another page, the sign-out page does not load (setContent waits for the frame's load).
  await page.setContent(`<iframe src="${new URL("/api/auth/signout", page.url()).href}"></iframe>`);
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  expect(framed).toBeDefined();
  expect(await framed!.locator("#submitButton").count()).toBe(0);
  violations.length = 0;
  await page.goto("/api/auth/signout");
  await page.locator("#submitButton").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/api/auth/signout"));
  expect(await reportedViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test("an unknown path under /api/ is a JSON 404 with the security headers, never Next's bare HTML page", async ({ request }) => {
  for (const path of ["/api/nope", "/api/health/x", "/api/stripe/webhook/x", "/api/cron/tick/x"]) {
    for (const method of ["GET", "POST"] as const) {
      const response = await request.fetch(path, { method, maxRedirects: 0 });
      const label = `${method} ${path}`;
      expect(response.status(), label).toBe(404);
      const headers = response.headers();
      expect(headers["content-type"], label).toMatch(/^application\/json/);
      expect(headers["x-content-type-options"], label).toBe("nosniff");
      expect(headers["x-frame-options"], label).toBe("DENY");
      expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], label).toMatch(/^max-age=\d+/);
      expect((await response.json()).error.code, label).toBe("NOT_FOUND");
    }
  }
});

test("GET on the credentials callback and an unsigned call to /api/inngest are clean 4xx answers", async ({ request }) => {
  const callback = await request.get("/api/auth/callback/credentials", { maxRedirects: 0 });
  expect(callback.status()).toBe(405);
  expect(callback.headers().allow).toBe("POST");
  expect((await callback.json()).error.code).toBe("METHOD_NOT_ALLOWED");
  const inngest = await request.post("/api/inngest?fnId=x&stepId=step", { data: { event: {} }, maxRedirects: 0 });
  expect(inngest.status()).toBe(401);
  expect((await inngest.json()).error).toMatchObject({ code: "UNAUTHORIZED", details: { reason: "missing_signature" } });
});

test("the sign-in form check parses the media type: a JSON body under a form type with a parameter is refused", async ({ request }) => {
  const csrf = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    headers: { "content-type": "application/x-www-form-urlencoded; x=application/json" },
    data: JSON.stringify({ csrfToken: csrf.csrfToken, email: "nobody@example.test", password: "whatever-password", json: "true" }),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.details.reason).toBe("invalid_content_type");
});

test("NUL in a console filter is dropped by a redirect to the clean query, never a 500", async ({ page }) => {
  const orgId = await signUp(page, { email: uniqueEmail("nul-filter"), orgName: "NUL filters" });
  await unlockBilling(orgId);
  const key = (await ops("key:create", { org: orgId, name: "Filtered", scopes: "events:read" })) as { key: { id: string } };
  for (const [path, query] of [
    [`/console/${orgId}/audit`, "action=%00&target=%00&from=2026-01-01"],
    [`/console/${orgId}/api-keys/${key.key.id}`, "requestId=%00&route=%00"],
  ]) {
    const response = await page.goto(`${path}?${query}`);
    expect(response!.status(), path).toBe(200);
    const landed = new URL(page.url());
    expect(landed.pathname, path).toBe(path);
    expect(landed.search, path).not.toContain("%00");
  }
});
