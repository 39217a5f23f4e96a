import { randomBytes, createHash } from "node:crypto";
import type { Browser } from "@playwright/test";
import { signInAsMember, createEvent, startJsonServer } from "./seed";
import type { PageIds } from "./pages";
import { ops, sql } from "./server";

// The rows each page of e2e/support/pages.ts needs to render: an almost empty workspace
// (one event, one endpoint, one data source, none with any history) and a populated one
// (the demo seed's events with guests, programme and engagement; keys, deliveries, a run
// with record errors, a second member and an open invitation). The operator CLI saves
// endpoints and fetches sources on 127.0.0.1 under the loopback exception the server runs
// with (playwright.config.ts); specs using these set OUTBOUND_ALLOW_LOOPBACK=1.

async function insertAttendee(eventId: string, name: string): Promise<string> {
  const [attendee] = await sql<{ id: string }>(
    `INSERT INTO "Attendee" ("eventId", "displayName", email, "badgeCode", "qrToken", "updatedAt")
     VALUES ($1::uuid, $2, $3, 'PGE001', 'qr-pages-' || $1::text, now()) RETURNING id`,
    [eventId, name, `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`],
  );
  return attendee.id;
}

async function insertDataSource(orgId: string, eventId: string, url: string): Promise<string> {
  const [source] = await sql<{ id: string }>(
    `INSERT INTO "DataSource" ("orgId", "eventId", name, target, url, "headerNames", "recordsPath", mapping, schedule, "updatedAt")
     VALUES ($1, $2, 'Registrations', 'attendees', $3, '{}', '', $4, 'manual', now()) RETURNING id`,
    [orgId, eventId, url, JSON.stringify({ fields: { email: { path: "email" }, displayName: { path: "name" } } })],
  );
  return source.id;
}

/** The app's address in this run (playwright.config.ts). */
export const appBaseUrl = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 3107}`;

/** A few Partner API calls with a key: answered, not found, a bad query. Returns their request ids. */
export async function recordRequests(secret: string, eventId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const path of ["/me", "/events", `/events/${eventId}`, "/events/00000000-0000-4000-8000-000000000000", `/events/${eventId}/attendees?limit=0`]) {
    const response = await fetch(`${appBaseUrl()}/partner/v1${path}`, { headers: { authorization: `Bearer ${secret}`, "user-agent": "e2e-partner/1.0" } });
    ids.push(response.headers.get("x-request-id") ?? "");
  }
  return ids;
}

/** One event, endpoint and data source, none with guests, deliveries or runs: the empty states. */
export async function emptyWorkspace(orgId: string): Promise<PageIds> {
  const created = (await ops("webhook:create", { org: orgId, url: "http://127.0.0.1:9/hooks", events: "attendee.created" })) as { endpoint: { id: string } };
  const eventId = await createEvent(orgId, "Empty Conf");
  const dataSourceId = await insertDataSource(orgId, eventId, "http://127.0.0.1:9/people");
  // One guest with no history, for the attendee page's empty states.
  const attendeeId = await insertAttendee(eventId, "Page Guest");
  // A key that was never used: its page's empty request log.
  const key = (await ops("key:create", { org: orgId, name: "Unused key", scopes: "events:read" })) as { key: { id: string } };
  return { orgId, endpointId: created.endpoint.id, dataSourceId, eventId, attendeeId, keyId: key.key.id };
}

/** A workspace with history on every page (the org must have integrations unlocked). */
export async function populatedWorkspace(orgId: string, browser: Browser): Promise<PageIds> {
  const seeded = (await ops("demo:seed", { org: orgId, attendees: "120", events: "3", seed: "16" })) as { seeded: { events: { id: string; status: string }[] } };
  const eventId = seeded.seeded.events.find((event) => event.status === "published")!.id;

  const kiosk = (await ops("key:create", { org: orgId, name: "Check-in kiosk", scopes: "events:read,attendees:read" })) as { key: { id: string; secret: string } };
  const old = (await ops("key:create", { org: orgId, name: "Old CRM sync", scopes: "attendees:read" })) as { key: { id: string } };
  await ops("key:revoke", { key: old.key.id });

  // Deliveries that failed (nothing listens on port 9) fill the delivery log.
  const endpoint = (await ops("webhook:create", { org: orgId, url: "http://127.0.0.1:9/hooks", events: "attendee.created,attendee.updated", description: "CRM" })) as {
    endpoint: { id: string };
  };
  await ops("webhook:ping", { endpoint: endpoint.endpoint.id });

  // A run that imports two people and skips one record without an email.
  const partner = await startJsonServer({
    "/people": () => ({ body: [{ email: "lin@example.com", name: "Lin Wu" }, { email: "sam@example.com", name: "Sam Roe" }, { name: "No Email" }] }),
  });
  const dataSourceId = await insertDataSource(orgId, eventId, partner.url("/people"));
  try {
    await ops("import:run", { source: dataSourceId, org: orgId });
  } finally {
    await partner.close();
  }

  const member = await signInAsMember(browser, orgId);
  await member.context.close();
  const inviteToken = randomBytes(32).toString("base64url");
  await sql(
    `INSERT INTO "Invite" ("orgId", email, role, "tokenHash", "expiresAt") VALUES ($1, $2, 'member', $3, now() + interval '7 days')`,
    [orgId, `invitee-${randomBytes(3).toString("hex")}@example.com`, createHash("sha256").update(inviteToken, "utf8").digest("hex")],
  );
  // A seeded guest: the attendee page with check-in, scans, answers or feedback.
  const [guest] = await sql<{ id: string }>(
    `SELECT a.id FROM "Attendee" a WHERE a."eventId" = $1::uuid ORDER BY a."checkedInAt" IS NULL, a."createdAt" LIMIT 1`,
    [eventId],
  );
  // Requests of the kiosk's key fill its request log (answered, refused, not found).
  await recordRequests(kiosk.key.secret, eventId);
  return { orgId, endpointId: endpoint.endpoint.id, dataSourceId, eventId, attendeeId: guest.id, keyId: kiosk.key.id, inviteToken };
}
