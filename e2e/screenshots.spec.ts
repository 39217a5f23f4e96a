import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, createKey, signUp, uniqueEmail, unlockBilling } from "./support/console";
import { sql } from "./support/server";

// A screenshot of every page, at desktop width and at 375 px, in light and dark mode, into
// e2e/screenshots/ (git-ignored) for a person to look at. The organization is filled with
// keys in every state, endpoints, data sources, members and invitations first.

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

test("screenshots of every page", async ({ page, browser }) => {
  test.setTimeout(240_000);
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
  await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
  await createKey(page, orgId, "Lead retrieval app", ["attendees:read", "engagement:read"]);
  await page.getByTestId("new-key").getByRole("button", { name: "Done" }).click();
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
