import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, closeNewKey, createKey, signInAfterInviteSignUp, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { startJsonServer } from "./support/seed";
import { sql } from "./support/server";

// A screenshot of every page, at desktop width and at 375 px, in light and dark mode, into
// e2e/screenshots/ (git-ignored) for a person to look at. The organization is filled with
// keys in every state, endpoints, data sources, members and invitations first. A tool, not a
// check (accessibility.spec.ts walks every page in the same four variants with assertions):
// it runs with `npm run screenshots`, not in `npm test`.

const DIR = "e2e/screenshots";
const VIEWPORTS = { desktop: { width: 1280, height: 860 }, mobile: { width: 375, height: 812 } } as const;
const SCHEMES = ["light", "dark"] as const;

async function shoot(page: Page, name: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${DIR}/${name}-${label}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: "light" });
}

async function seed(orgId: string) {
  await sql(`UPDATE "ApiKey" SET "lastUsedAt" = now() - interval '3 hours' WHERE "orgId" = $1`, [orgId]);
  await sql(
    `INSERT INTO "ApiKey" ("orgId", name, prefix, "secretHash", scopes, "expiresAt", "revokedAt", "createdAt", "lastUsedAt") VALUES
     ($1, 'Old CRM sync', 'svc_live_Qx7a', md5(random()::text), ARRAY['attendees:read','attendees:write']::"ApiScope"[], NULL, now() - interval '2 days', now() - interval '40 days', now() - interval '3 days'),
     ($1, 'Badge printer (2025)', 'svc_live_Bp25', md5(random()::text), ARRAY['attendees:read']::"ApiScope"[], now() - interval '5 days', NULL, now() - interval '200 days', now() - interval '6 days')`,
    [orgId],
  );
  await sql(
    `INSERT INTO "WebhookEndpoint" ("orgId", url, description, "eventTypes", "secretCiphertext", "secretPrefix", enabled, "disabledReason", "updatedAt") VALUES
     ($1, 'https://hooks.example.com/events/attendees', 'CRM contact sync', ARRAY['attendee.created','attendee.updated','attendee.checked_in'], 'x', 'whsec_ab', true, NULL, now()),
     ($1, 'https://warehouse.example.net/ingest/webhooks/very/long/path/that/should/truncate', '', ARRAY['ping','event.updated','event.published','attendee.created','attendee.updated','attendee.deleted','attendee.checked_in','session.created','session.updated','session.deleted','session_attendance.created','form.submission.created','feedback.created'], 'x', 'whsec_cd', true, NULL, now()),
     ($1, 'https://old.example.org/hook', 'Legacy', ARRAY['session.created'], 'x', 'whsec_ef', false, 'consecutive_failures', now())`,
    [orgId],
  );
  const [event] = await sql<{ id: string }>(
    `INSERT INTO "Event" ("orgId", slug, name, "startAt", "endAt", timezone, "updatedAt")
     VALUES ($1, 'summit-2027', 'Product Summit 2027', now() + interval '60 days', now() + interval '62 days', 'Europe/Amsterdam', now()) RETURNING id`,
    [orgId],
  );
  const sources = await sql<{ id: string }>(
    `INSERT INTO "DataSource" ("orgId", "eventId", name, target, url, "headerNames", mapping, schedule, "updatedAt") VALUES
     ($1, $2, 'Registration export', 'attendees', 'https://reg.example.com/api/attendees', ARRAY['Authorization'], '{}', 'hourly', now()),
     ($1, $2, 'Agenda from CMS', 'sessions', 'https://cms.example.com/agenda.json', ARRAY[]::text[], '{}', 'manual', now())
     RETURNING id`,
    [orgId, event.id],
  );
  await sql(
    `INSERT INTO "DataSourceRun" ("dataSourceId", trigger, status, "startedAt", "finishedAt", fetched, created, updated)
     VALUES ($1, 'schedule', 'succeeded', now() - interval '20 minutes', now() - interval '19 minutes', 120, 4, 9)`,
    [sources[0].id],
  );
}

// ───────────── webhook endpoints and data sources (phase 2) ─────────────

/** A delivery log with every state: events, deliveries and their attempts. */
async function seedDeliveries(orgId: string, endpointId: string) {
  const rows: { type: string; state: string; ago: string; attempts: { status: number | null; error?: string; body?: string }[]; next?: string }[] = [
    { type: "attendee.created", state: "succeeded", ago: "4 minutes", attempts: [{ status: 200, body: '{"received":true}' }] },
    { type: "attendee.checked_in", state: "pending", ago: "40 minutes", attempts: [{ status: 502, body: "<html><body>Bad gateway</body></html>" }, { status: null, error: "timeout: No answer within 10 s." }], next: "25 minutes" },
    { type: "attendee.updated", state: "exhausted", ago: "2 days", attempts: Array.from({ length: 7 }, () => ({ status: 500, body: "Internal Server Error" })) },
    { type: "ping", state: "succeeded", ago: "3 days", attempts: [{ status: 204 }] },
    { type: "attendee.created", state: "cancelled", ago: "6 days", attempts: [] },
  ];
  for (const row of rows) {
    const [event] = await sql<{ id: string }>(
      `INSERT INTO "WebhookEvent" ("orgId", type, data, "createdAt", "dispatchedAt") VALUES ($1, $2, '{}', now() - $3::interval, now() - $3::interval) RETURNING id`,
      [orgId, row.type, row.ago],
    );
    const [delivery] = await sql<{ id: string }>(
      `INSERT INTO "WebhookDelivery" ("eventId", "endpointId", state, "attemptCount", "nextAttemptAt", "completedAt", "createdAt", "updatedAt")
       VALUES ($1, $2, $3::"DeliveryState", $4, CASE WHEN $5::text IS NULL THEN NULL ELSE now() + $5::interval END,
               CASE WHEN $3 = 'pending' THEN NULL ELSE now() - $6::interval END, now() - $6::interval, now()) RETURNING id`,
      [event.id, endpointId, row.state, row.attempts.length, row.next ?? null, row.ago],
    );
    for (const [i, attempt] of row.attempts.entries()) {
      await sql(
        `INSERT INTO "WebhookAttempt" ("deliveryId", "attemptNumber", "startedAt", "durationMs", "statusCode", error, "responseSnippet", succeeded)
         VALUES ($1, $2::int, now() - $3::interval + make_interval(mins => $2::int), $4, $5, $6, $7, $8)`,
        [delivery.id, i + 1, row.ago, attempt.status === null ? 10_000 : 40 + i * 13, attempt.status, attempt.error ?? null, attempt.body ?? null, attempt.status !== null && attempt.status < 300],
      );
    }
  }
}

/** Runs in every state for the seeded sources, and a valid mapping to show. */
async function seedRuns(orgId: string) {
  const [registration] = await sql<{ id: string }>(`SELECT id FROM "DataSource" WHERE "orgId" = $1 AND name = 'Registration export'`, [orgId]);
  const [agenda] = await sql<{ id: string }>(`SELECT id FROM "DataSource" WHERE "orgId" = $1 AND name = 'Agenda from CMS'`, [orgId]);
  await sql(
    `UPDATE "DataSource" SET "recordsPath" = 'data.attendees', "nextPagePath" = 'links.next', "nextRunAt" = now() + interval '35 minutes',
       mapping = '{"fields":{"email":{"path":"contact.email","transform":["trim","lowercase"]},"displayName":{"path":"fullName"},"company":{"path":"company.name","default":"Independent"},"jobTitle":{"path":"role","transform":[{"op":"map","values":{"CEO":"Chief Executive Officer"}}]}}}'
     WHERE id = $1`,
    [registration.id],
  );
  await sql(
    `INSERT INTO "DataSourceRun" ("dataSourceId", trigger, status, "startedAt", "finishedAt", fetched, created, updated, unchanged, skipped, "stoppedEarly", "recordErrors", "fetchError", "skipReason") VALUES
     ($1, 'schedule', 'partial', now() - interval '80 minutes', now() - interval '79 minutes', 5000, 12, 40, 4937, 11, 'record_limit',
      $2::jsonb, NULL, NULL),
     ($1, 'schedule', 'failed', now() - interval '140 minutes', now() - interval '140 minutes', 0, 0, 0, 0, 0, NULL, '[]', 'The source answered HTTP 503 Service Unavailable.', NULL),
     ($1, 'schedule', 'skipped', now() - interval '200 minutes', now() - interval '200 minutes', 0, 0, 0, 0, 0, NULL, '[]', NULL, 'payment_required'),
     ($1, 'manual', 'succeeded', now() - interval '1 day', now() - interval '1 day' + interval '4 seconds', 118, 118, 0, 0, 0, NULL, '[]', NULL, NULL)`,
    [
      registration.id,
      JSON.stringify([
        { index: 17, reason: 'email: "jane.doe@" is not a valid email address.' },
        { index: 204, reason: 'email: no value at "contact.email".' },
        { index: 1311, reason: "displayName: at most 200 characters." },
      ]),
    ],
  );
  await sql(`UPDATE "DataSource" SET "runLeaseUntil" = now() + interval '10 minutes' WHERE id = $1`, [agenda.id]);
  await sql(
    `INSERT INTO "DataSourceRun" ("dataSourceId", trigger, status, "startedAt", fetched, created, updated, unchanged, skipped)
     VALUES ($1, 'manual', 'running', now() - interval '12 seconds', 1500, 1210, 35, 250, 5)`,
    [agenda.id],
  );
  return { registrationId: registration.id, agendaId: agenda.id };
}

async function shootIntegrationPages(page: Page, orgId: string) {
  // Opening disclosures scrolls the page; a full-page shot taken scrolled draws the sticky header mid-page.
  const shootFromTop = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, name);
  };
  // A new endpoint with its one-time secret (loopback receivers are allowed in e2e runs).
  await page.goto(`/console/${orgId}/webhooks/new`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hooks/crm");
  await form.getByLabel("Description").fill("Staging receiver");
  await form.getByRole("checkbox", { name: /^attendee\.created/ }).check();
  await form.getByRole("checkbox", { name: /^attendee\.checked_in/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("new-endpoint-secret")).toBeVisible();
  await page.getByTestId("new-endpoint-secret").getByText("How to verify (Node.js)").click();
  await shootFromTop("webhooks-new-secret");

  const [endpoint] = await sql<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1 AND url = 'https://hooks.example.com/events/attendees'`, [orgId]);
  await sql(`UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 3 WHERE id = $1`, [endpoint.id]);
  await seedDeliveries(orgId, endpoint.id);
  await page.goto(`/console/${orgId}/webhooks/${endpoint.id}`);
  await page.getByTestId("delivery-row").nth(1).getByText("2 attempts").click();
  await page.getByTestId("delivery-row").nth(1).getByText("Request and response").first().click();
  await shootFromTop("webhook-endpoint");
  await page.getByTestId("roll-secret").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.screenshot({ path: `${DIR}/webhook-roll-dialog-desktop-light.png` });
  await page.keyboard.press("Escape");

  const [disabled] = await sql<{ id: string }>(`SELECT id FROM "WebhookEndpoint" WHERE "orgId" = $1 AND url = 'https://old.example.org/hook'`, [orgId]);
  await sql(`UPDATE "WebhookEndpoint" SET "disabledAt" = now() - interval '2 days', "consecutiveFailures" = 50 WHERE id = $1`, [disabled.id]);
  await page.goto(`/console/${orgId}/webhooks/${disabled.id}`);
  await shootFromTop("webhook-endpoint-auto-disabled");
  await page.goto(`/console/${orgId}/webhooks`);
  await shootFromTop("webhooks-all");

  // The data-source editor after a sample was fetched and fields mapped.
  const partner = await startJsonServer({
    "/v2/registrations": () => ({
      body: {
        data: {
          attendees: [
            { id: 101, contact: { email: " Ada.Lovelace@Example.com " }, fullName: "Ada Lovelace", company: { name: "Analytical Engines" }, role: "CEO" },
            { id: 102, contact: { email: "grace@navy.example" }, fullName: "Grace Hopper", company: { name: "US Navy" }, role: "Rear Admiral" },
            { id: 103, contact: { email: "" }, fullName: "No Email", company: null, role: null },
          ],
        },
        links: { next: null },
      },
    }),
  });
  const { registrationId, agendaId } = await seedRuns(orgId);
  await page.goto(`/console/${orgId}/data-sources/new`);
  const editor = page.getByRole("form", { name: "New data source" });
  await editor.getByLabel("Name", { exact: true }).fill("Registrations (Tito)");
  await editor.getByLabel("URL", { exact: true }).fill(partner.url("/v2/registrations"));
  await editor.getByTestId("add-header").click();
  await editor.getByLabel("Header 1 name").fill("Authorization");
  await editor.getByLabel("Header 1 value").fill("Bearer abc");
  await editor.getByLabel("Records path").fill("data.attendees");
  await editor.getByLabel("Source path for Email").fill("contact.email");
  await editor.getByLabel("Transform to add to Email").selectOption({ label: "Trim spaces" });
  await editor.getByRole("button", { name: "Add transform to Email" }).click();
  await editor.getByLabel("Transform to add to Email").selectOption({ label: "Lowercase" });
  await editor.getByRole("button", { name: "Add transform to Email" }).click();
  await editor.getByLabel("Source path for Display name").fill("fullName");
  await editor.getByLabel("Source path for Company").fill("company.name");
  await editor.getByLabel("Source path for Job title").fill("role");
  await editor.getByLabel("Transform to add to Job title").selectOption({ label: "Map values" });
  await editor.getByRole("button", { name: "Add transform to Job title" }).click();
  await editor.getByLabel("Source value 1", { exact: true }).fill("CEO");
  await editor.getByLabel("Becomes, for source value 1").fill("Chief Executive Officer");
  await editor.getByTestId("fetch-sample").click();
  await expect(editor.getByTestId("preview-outcome")).toHaveCount(3);
  await shootFromTop("data-source-editor");
  await editor.getByLabel("Source path for Email").fill("");
  await editor.getByTestId("save-data-source").click();
  await expect(editor.getByText("Give a path such as contact.email.")).toBeVisible();
  await page.screenshot({ path: `${DIR}/data-source-editor-errors-desktop-light.png` });
  await partner.close();

  await page.goto(`/console/${orgId}/data-sources/${registrationId}`);
  await page.getByTestId("run-record-errors").first().locator("summary").click();
  await shootFromTop("data-source");
  await page.goto(`/console/${orgId}/data-sources/${registrationId}/edit`);
  await shootFromTop("data-source-edit");
  await page.goto(`/console/${orgId}/data-sources/${agendaId}`);
  await expect(page.getByTestId("latest-run")).toHaveAttribute("data-status", "running");
  await shootFromTop("data-source-running");
  await page.goto(`/console/${orgId}/data-sources`);
  await shootFromTop("data-sources-all");
}

test("screenshots of every page", async ({ page, browser }) => {
  test.skip(process.env.E2E_SCREENSHOTS !== "1", "screenshots are taken by npm run screenshots");
  test.setTimeout(480_000);
  fs.mkdirSync(DIR, { recursive: true });

  await page.goto("/");
  await shoot(page, "landing");
  await page.goto("/sign-in");
  await shoot(page, "sign-in");
  await page.goto("/sign-up");
  await page.getByRole("button", { name: "Create account" }).click();
  await shoot(page, "sign-up-errors");

  const adminEmail = uniqueEmail("ada");
  const orgId = await signUp(page, { email: adminEmail, orgName: "Globex Conferences", name: "Ada Lovelace" });
  await shoot(page, "overview-locked");
  await page.goto(`/console/${orgId}/api-keys`);
  await shoot(page, "api-keys-locked-empty");

  await unlockBilling(orgId);
  await page.reload();
  await createKey(page, orgId, "CRM sync (production)", ["events:read", "attendees:read", "attendees:write"]);
  await shoot(page, "api-keys-new-key");
  await closeNewKey(page);
  await createKey(page, orgId, "Lead retrieval app", ["attendees:read", "engagement:read"]);
  await closeNewKey(page);
  await seed(orgId);
  await page.goto(`/console/${orgId}/api-keys`);
  await shoot(page, "api-keys");
  await page.getByTestId("revoke-key").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.screenshot({ path: `${DIR}/api-keys-revoke-dialog-desktop-light.png` });
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.screenshot({ path: `${DIR}/api-keys-revoke-dialog-mobile-light.png` });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: `${DIR}/api-keys-revoke-dialog-mobile-dark.png` });
  await page.keyboard.press("Escape");
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(`/console/${orgId}`);
  await shoot(page, "overview");
  await page.getByTestId("org-switcher").click();
  await page.screenshot({ path: `${DIR}/org-switcher-open-desktop-light.png` });
  await page.keyboard.press("Escape");
  await page.getByTestId("user-menu").click();
  await page.screenshot({ path: `${DIR}/user-menu-open-desktop-light.png` });
  await page.keyboard.press("Escape");

  await page.goto(`/console/${orgId}/webhooks`);
  await shoot(page, "webhooks");
  await page.goto(`/console/${orgId}/data-sources`);
  await shoot(page, "data-sources");
  await shootIntegrationPages(page, orgId);
  await page.goto(`/console/${orgId}/billing`);
  await shoot(page, "billing");

  await page.goto(`/console/${orgId}/members`);
  const form = page.getByRole("form", { name: "Invite a member" });
  const memberEmail = uniqueEmail("grace");
  await form.getByLabel("Email address").fill(memberEmail);
  await form.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByTestId("invite-link").getByLabel("Invitation link").inputValue();
  await shoot(page, "members-invite-link");
  await page.getByTestId("invite-link").getByRole("button", { name: "Done" }).click();
  await form.getByLabel("Email address").fill(uniqueEmail("pending"));
  await form.getByRole("radio", { name: /^Admin/ }).check();
  await form.getByRole("button", { name: "Create invitation link" }).click();
  await expect(page.getByTestId("invite-link")).toBeVisible();
  await page.getByTestId("invite-link").getByRole("button", { name: "Done" }).click();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await shoot(guest, "invite-accept");
  await guest.getByLabel("Your name").fill("Grace Hopper");
  await guest.getByLabel("Choose a password").fill(PASSWORD);
  await guest.getByRole("button", { name: "Create account and join" }).click();
  await signInAfterInviteSignUp(guest);
  await guest.waitForURL(new RegExp(`/console/${orgId}$`));
  await guest.goto(`/console/${orgId}/api-keys`);
  await shoot(guest, "api-keys-member");
  await guest.goto(`/console/${orgId}/members`);
  await shoot(guest, "members-member");
  await guest.goto(`/console/${orgId}/does-not-exist`);
  await shoot(guest, "not-found");
  await guest.goto("/console/new");
  await shoot(guest, "new-organization");
  await guestContext.close();

  await page.goto(`/console/${orgId}/members`);
  await shoot(page, "members");
});
