import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { closeNewKey, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { createEvent } from "./support/seed";
import { ops, sql } from "./support/server";

test("another organization's ids in URLs and forms are not found", async ({ page, browser, request }) => {
  // Two sign-ups and some thirty page loads; the default minute is short on a busy machine.
  // Organization A with a key.
  const orgA = await signUp(page, { email: uniqueEmail("alice"), orgName: "Org A" });
  await unlockBilling(orgA);
  const secretA = await createKey(page, orgA, "A's key", ["events:read"]);
  const [{ id: keyA }] = await sql<{ id: string }>(`SELECT id FROM "ApiKey" WHERE "orgId" = $1`, [orgA]);

  // User B, admin of organization B only.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const orgB = await signUp(pageB, { email: uniqueEmail("bob"), orgName: "Org B" });
  await unlockBilling(orgB);

  const eventA = await createEvent(orgA, "A's summit");
  for (const section of ["", "/api-keys", "/api-keys/new", `/api-keys/${keyA}`, "/webhooks", "/webhooks/new", "/data-sources", "/members", "/billing", "/audit", "/events", `/events/${eventA}`, `/events/${eventA}/guests`]) {
    const response = await pageB.goto(`/console/${orgA}${section}`);
    expect(response?.status(), section || "overview").toBe(404);
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(pageB.getByText("A's key")).toHaveCount(0);
    await expect(pageB.getByText("Org A")).toHaveCount(0);
  }
  expect((await pageB.goto(`/console/not-a-uuid/api-keys`))?.status()).toBe(404);
  // A's key under B's own organization, and a malformed key id: not found, nothing of it shown.
  for (const keyId of [keyA, "not-a-uuid"]) {
    expect((await pageB.goto(`/console/${orgB}/api-keys/${keyId}`))?.status(), keyId).toBe(404);
    await expect(pageB.getByText("A's key")).toHaveCount(0);
  }
  // A's event under B's own organization: not found, nothing of it shown.
  for (const tab of ["", "/guests", "/programme", "/engagement", "?tab=guests"]) {
    expect((await pageB.goto(`/console/${orgB}/events/${eventA}${tab}`))?.status(), tab || "overview").toBe(404);
    await expect(pageB.getByText("A's summit")).toHaveCount(0);
  }
  expect((await pageB.goto(`/console/${orgB}/events/not-a-uuid`))?.status()).toBe(404);
  // A's attendee page: under A's organization, under B's with A's event, and as an attendee
  // of B's own event (an attendee id of another event is not found either).
  const [attendeeA] = await sql<{ id: string }>(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "updatedAt")
     VALUES ($1::uuid, 'A''s guest', 'a-guest@example.com', 'AGUEST', 'qr-a-' || $1::text, now()) RETURNING id`,
    [eventA],
  );
  const eventB = await createEvent(orgB, "B's summit");
  for (const address of [
    `/console/${orgA}/events/${eventA}/guests/${attendeeA.id}`,
    `/console/${orgB}/events/${eventA}/guests/${attendeeA.id}`,
    `/console/${orgB}/events/${eventB}/guests/${attendeeA.id}`,
    `/console/${orgB}/events/${eventB}/guests/not-a-uuid`,
  ]) {
    expect((await pageB.goto(address))?.status(), address).toBe(404);
    await expect(pageB.getByText("A's guest")).toHaveCount(0);
  }
  expect((await pageB.goto(`/console/${orgA}/no-such-section`))?.status()).toBe(404);
  await expect(pageB.getByText("Org A")).toHaveCount(0);
  // Inside their own organization, a wrong address is a 404 within the console shell.
  expect((await pageB.goto(`/console/${orgB}/no-such-section`))?.status()).toBe(404);
  await expect(pageB.getByRole("navigation", { name: "Console" })).toBeVisible();

  // Forged: B opens the revoke dialog of their own key and points it at A's key, or at A's org.
  await createKey(pageB, orgB, "B's key", ["events:read"]);
  await closeNewKey(pageB);
  for (const [field, value, message] of [
    ["keyId", keyA, "No such API key."],
    ["orgId", orgA, "Not found"],
  ] as const) {
    await pageB.getByTestId("revoke-key").click();
    const dialog = pageB.getByRole("dialog");
    await dialog.locator(`input[name="${field}"]`).evaluate((input, v) => ((input as HTMLInputElement).value = v), value);
    await dialog.getByTestId("confirm-revoke").click();
    await expect(dialog.getByTestId("form-status")).toContainText(message);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  }
  expect((await request.get("/partner/v1/me", { headers: { authorization: `Bearer ${secretA}` } })).status()).toBe(200);
  await contextB.close();
});

// The operator CLI (ops) saves endpoints on 127.0.0.1 under the same loopback exception
// the server runs with (playwright.config.ts).
process.env.OUTBOUND_ALLOW_LOOPBACK = "1";

// Every page under /console/[orgId] (enumerated from the app folder, so a
// new page is covered without editing this list) is a 404 to an admin of another
// organization, both with A's organization id and with B's own id and A's resource ids.
function orgPages(dir = "app/console/[orgId]"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return orgPages(full);
    return entry.name === "page.tsx" ? [full.slice("app/console/[orgId]".length, -"/page.tsx".length)] : [];
  });
}

test("every organization page is not found with another organization's ids", async ({ page, browser }) => {
  const orgA = await signUp(page, { email: uniqueEmail("alice"), orgName: "Tenant A" });
  await unlockBilling(orgA);
  const endpoint = (await ops("webhook:create", { org: orgA, url: "http://127.0.0.1:9/hooks", events: "attendee.created" })) as { endpoint: { id: string } };
  const key = (await ops("key:create", { org: orgA, name: "Tenant A key", scopes: "events:read" })) as { key: { id: string } };
  const [event] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, status, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, $2, 'Tenant A conf', 'published', now(), now() + interval '1 day', 'UTC', now()) RETURNING id`,
    [orgA, `tenant-a-${Date.now()}`],
  );
  const [source] = await sql<{ id: string }>(
    `INSERT INTO "DataSource" ("orgId", "eventId", name, target, url, "headerNames", "recordsPath", mapping, schedule, "updatedAt")
     VALUES ($1, $2, 'Tenant A source', 'attendees', 'http://127.0.0.1:9/people', '{}', '', $3, 'manual', now()) RETURNING id`,
    [orgA, event.id, JSON.stringify({ fields: { email: { path: "email" } } })],
  );
  const [attendee] = await sql<{ id: string }>(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "updatedAt")
     VALUES ($1::uuid, 'Tenant A guest', 'tenant-a-guest@example.com', 'TAG001', 'qr-ta-' || $1::text, now()) RETURNING id`,
    [event.id],
  );
  const fill = (route: string) =>
    route
      .replace("[endpointId]", endpoint.endpoint.id)
      .replace("[dataSourceId]", source.id)
      .replace("[eventId]", event.id)
      .replace("[attendeeId]", attendee.id)
      .replace("[keyId]", key.key.id)
      .replace("[...missing]", "no-such-section");
  const routes = orgPages();
  expect(routes.length).toBeGreaterThan(10);

  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const orgB = await signUp(pageB, { email: uniqueEmail("bob"), orgName: "Tenant B" });
  for (const route of routes) {
    // B's own id matters only where the address also names one of A's resources.
    const names = /\[(endpointId|dataSourceId|eventId|attendeeId|keyId)\]/.test(route);
    for (const org of names ? [orgA, orgB] : [orgA]) {
      const address = `/console/${org}${fill(route)}`;
      const response = await pageB.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(pageB.getByText("Tenant A")).toHaveCount(0);
    }
  }
  await contextB.close();
});
