import { testActor } from "@/lib/testing/actor";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import type { ActionResult } from "@/lib/console/action-result";
import { getDb } from "@/lib/platform/db/client";
import { createInvite } from "@/lib/domain/orgs/invites";
import { createSession } from "@/lib/domain/programme/create-session";
import { createTestAttendees, createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint, sendTestPing } from "@/lib/domain/webhooks/endpoints";
import { OPERATOR } from "@/lib/domain/audit/record";

// The cross-organization matrix of every console server action. The
// actions are enumerated from app/console/**/actions.ts, so a new action without a row
// (or an explicit exemption) fails here. Each row is an admin of organization B aiming
// at organization A: A's id in the form, or B's own id with A's resource ids. Every
// attempt must answer NOT_FOUND (revealing nothing), and afterwards neither
// organization's rows differ in any way. Real database; only the session is stubbed.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/server", () => ({ after: vi.fn() }));

const CONSOLE_DIR = path.join(process.cwd(), "app", "console");

function actionFiles(dir = CONSOLE_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return actionFiles(full);
    return entry.name === "actions.ts" || entry.name.endsWith("-actions.ts") ? [full] : [];
  });
}

type Action = (...args: never[]) => Promise<ActionResult<unknown>>;
const modules: Record<string, Record<string, Action>> = {};
for (const file of actionFiles()) {
  const relative = path.relative(process.cwd(), file).split(path.sep).join("/");
  modules[relative] = (await import(/* @vite-ignore */ file)) as Record<string, Action>;
}
/** "app/console/.../actions.ts#name" (and …-actions.ts) for every exported function. */
const enumerated = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).filter(([, value]) => typeof value === "function").map(([name]) => `${file}#${name}`),
);
const action = (key: string) => {
  const [file, name] = key.split("#");
  return modules[file][name] as unknown as (...args: unknown[]) => Promise<ActionResult<unknown>>;
};

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
}

type Fixture = { orgId: string; membershipId: string; eventId: string; attendeeId: string; formId: string; keyId: string; inviteId: string; endpointId: string; deliveryId: string; dataSourceId: string; runId: string; items: ProgrammeItems };
/** One authored row of each programme list, and a draft form. */
type ProgrammeItems = { track: string; room: string; speaker: string; sponsor: string; infoSection: string; draftForm: string };
let A: Fixture;
let B: Fixture;
let bob: SessionUser;

async function makeAdmin(orgId: string): Promise<SessionUser> {
  const user = await getDb().user.create({ data: { email: `t-${randomBytes(4).toString("hex")}@example.com` } });
  await getDb().membership.create({ data: { orgId, userId: user.id, role: "admin" } });
  return { id: user.id, email: user.email, name: user.name };
}

async function makeOrg(): Promise<Fixture & { admin: SessionUser }> {
  const orgId = (await createTestOrg({ plan: "card" })).id;
  const admin = await makeAdmin(orgId);
  const eventId = (await createTestEvent(orgId, { status: "draft" })).id;
  const [attendee] = await createTestAttendees(eventId, 1);
  const formId = (await getDb().form.create({ data: { eventId, name: "Survey", status: "open" } })).id;
  const keyId = (await createTestKey(orgId)).id;
  const inviteId = (await createInvite(orgId, { email: `i-${randomBytes(3).toString("hex")}@example.com`, role: "member" }, testActor(admin.id))).invite.id;
  const endpointId = (await createWebhookEndpoint(orgId, { url: "http://127.0.0.1:9/hooks", eventTypes: ["attendee.created"] }, OPERATOR)).endpoint.id;
  const deliveryId = (await sendTestPing(orgId, endpointId)).deliveryId;
  const source = await getDb().dataSource.create({
    data: { orgId, eventId, name: "S", target: "attendees", url: "http://127.0.0.1:9/people", headerNames: [], mapping: { fields: { email: { path: "email" } } } },
  });
  const run = await getDb().dataSourceRun.create({ data: { dataSourceId: source.id, trigger: "manual", status: "succeeded", finishedAt: new Date() } });
  const membershipId = (await getDb().membership.findFirstOrThrow({ where: { orgId, userId: admin.id } })).id;
  const db = getDb();
  const sponsor = (await db.sponsor.create({ data: { eventId, name: "Acme", tier: "Gold" } })).id;
  await db.eventCardSponsor.create({ data: { eventId, sponsorId: sponsor } });
  const items: ProgrammeItems = {
    track: (await db.track.create({ data: { eventId, name: "Main" } })).id,
    room: (await db.room.create({ data: { eventId, name: "Hall" } })).id,
    speaker: (await db.speaker.create({ data: { eventId, name: "Ada" } })).id,
    sponsor,
    infoSection: (await db.infoSection.create({ data: { eventId, title: "Venue", icon: "info", visibility: "published" } })).id,
    draftForm: (await db.form.create({ data: { eventId, name: "Draft", fields: [{ key: "a", label: "A", type: "short_text", required: false }] } })).id,
  };
  return { orgId, membershipId, admin, eventId, attendeeId: attendee.id, formId, keyId, inviteId, endpointId, deliveryId, dataSourceId: source.id, runId: run.id, items };
}

/** Every row either organization owns, as stored. */
async function snapshot(orgIds: string[]) {
  const db = getDb();
  const byId = { orderBy: { id: "asc" as const } };
  return {
    orgs: await db.organization.findMany({ where: { id: { in: orgIds } }, ...byId }),
    memberships: await db.membership.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    invites: await db.invite.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    keys: await db.apiKey.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    endpoints: await db.webhookEndpoint.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    events: await db.webhookEvent.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    deliveries: await db.webhookDelivery.findMany({ where: { endpoint: { orgId: { in: orgIds } } }, ...byId }),
    attempts: await db.webhookAttempt.findMany({ where: { delivery: { endpoint: { orgId: { in: orgIds } } } }, ...byId }),
    sources: await db.dataSource.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    runs: await db.dataSourceRun.findMany({ where: { dataSource: { orgId: { in: orgIds } } }, ...byId }),
    attendees: await db.attendee.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    eventRows: await db.event.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
    checkIns: await db.checkIn.findMany({ where: { event: { orgId: { in: orgIds } } }, orderBy: { attendeeId: "asc" } }),
    forms: await db.form.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    sessions: await db.session.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    tracks: await db.track.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    rooms: await db.room.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    speakers: await db.speaker.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    sessionSpeakers: await db.sessionSpeaker.findMany({ where: { session: { event: { orgId: { in: orgIds } } } }, orderBy: [{ sessionId: "asc" }, { position: "asc" }] }),
    sponsors: await db.sponsor.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    cardSponsors: await db.eventCardSponsor.findMany({ where: { event: { orgId: { in: orgIds } } }, orderBy: { eventId: "asc" } }),
    infoSections: await db.infoSection.findMany({ where: { event: { orgId: { in: orgIds } } }, ...byId }),
    auditEntries: await db.auditEntry.findMany({ where: { orgId: { in: orgIds } }, ...byId }),
  };
}

const DATA_SOURCES = "app/console/[orgId]/data-sources/actions.ts";
const WEBHOOKS = "app/console/[orgId]/webhooks/actions.ts";
const KEYS = "app/console/[orgId]/api-keys/actions.ts";
const MEMBERS = "app/console/[orgId]/members/actions.ts";
const MEMBERS_TWO_FACTOR = "app/console/[orgId]/members/two-factor-actions.ts";
const EVENTS = "app/console/[orgId]/events/actions.ts";
const PROGRAMME = "app/console/[orgId]/events/[eventId]/programme/actions.ts";
const GUESTS = "app/console/[orgId]/events/[eventId]/guests/actions.ts";
const AUTHORING = "app/console/[orgId]/events/[eventId]/programme/authoring-actions.ts";
const FORMS = "app/console/[orgId]/events/[eventId]/engagement/form-actions.ts";
const RECOVERY = "app/console/[orgId]/webhooks/recovery-actions.ts";
const NOTICES = "app/console/[orgId]/webhooks/notice-actions.ts";

/** A form action's outcome in the matrix's terms: Next's notFound() becomes NOT_FOUND. */
async function answerOf(done: Promise<unknown>): Promise<ActionResult<unknown>> {
  try {
    await done;
    return { ok: true, message: "", data: null };
  } catch (error) {
    if ((error as { digest?: unknown }).digest === "NEXT_HTTP_ERROR_FALLBACK;404") return { ok: false, code: "NOT_FOUND", message: "" };
    throw error;
  }
}

/** Valid input for each authored list, so only the organization can refuse it. */
const AUTHORED: Record<string, { item: keyof ProgrammeItems; fields: Record<string, string> }> = {
  Track: { item: "track", fields: { name: "Forged", color: "#000000" } },
  Room: { item: "room", fields: { name: "Forged" } },
  Speaker: { item: "speaker", fields: { name: "Forged" } },
  Sponsor: { item: "sponsor", fields: { name: "Forged", tier: "Gold", featuredOnCards: "on" } },
  InfoSection: { item: "infoSection", fields: { title: "Forged", icon: "info", visibility: "published", details: "[]" } },
};

/**
 * The authoring actions: a create aims at A's event (A's org id, or B's id with A's event);
 * an update, delete or move aims at A's item (A's org id, or B's id with A's item id).
 */
const AUTHORING_ROWS: Record<string, () => (() => Promise<ActionResult<unknown>>)[]> = Object.fromEntries([
  ...Object.entries(AUTHORED).flatMap(([noun, { item, fields }]) => [
    [`${AUTHORING}#create${noun}Action`, () =>
      [A.orgId, B.orgId].map((orgId) => () => action(`${AUTHORING}#create${noun}Action`)(null, form({ orgId, eventId: A.eventId, ...fields })))],
    [`${AUTHORING}#update${noun}Action`, () =>
      [A.orgId, B.orgId].map((orgId) => () => action(`${AUTHORING}#update${noun}Action`)(null, form({ orgId, id: A.items[item], ...fields })))],
    [`${AUTHORING}#delete${noun}Action`, () =>
      [A.orgId, B.orgId].map((orgId) => () => action(`${AUTHORING}#delete${noun}Action`)(null, form({ orgId, id: A.items[item] })))],
  ]),
  [`${AUTHORING}#moveItemAction`, () =>
    (["track", "room", "sponsor", "infoSection"] as const).flatMap((list) =>
      [A.orgId, B.orgId].map((orgId) => () => action(`${AUTHORING}#moveItemAction`)(null, form({ orgId, list, id: A.items[list], direction: "down" })))),
  ],
  [`${FORMS}#createFormAction`, () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${FORMS}#createFormAction`)(null, form({ orgId, eventId: A.eventId, name: "Forged", fields: "[]" })))],
  [`${FORMS}#updateFormAction`, () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${FORMS}#updateFormAction`)(null, form({ orgId, id: A.items.draftForm, name: "Forged", fields: "[]" })))],
  [`${FORMS}#deleteFormAction`, () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${FORMS}#deleteFormAction`)(null, form({ orgId, id: A.items.draftForm })))],
]);
const BILLING = "app/console/[orgId]/billing/actions.ts";

/** Forged calls on A's attendee: A's org id; B's id with A's event; B's id and event with A's attendee. */
const attendeeAttempts = (name: string) => () =>
  [
    [A.orgId, A.eventId, A.attendeeId],
    [B.orgId, A.eventId, A.attendeeId],
    [B.orgId, B.eventId, A.attendeeId],
  ].map(([orgId, eventId, attendeeId]) => () => action(`${EVENTS}#${name}`)(null, form({ orgId, eventId, attendeeId })));

/** The same three forged calls on an action of the attendee page. */
const attendeePageAttempts = (name: string, fields: Record<string, string> = {}) => () =>
  [
    [A.orgId, A.eventId, A.attendeeId],
    [B.orgId, A.eventId, A.attendeeId],
    [B.orgId, B.eventId, A.attendeeId],
  ].map(([orgId, eventId, attendeeId]) => () => action(`${GUESTS}#${name}`)(null, form({ orgId, eventId, attendeeId, ...fields })));

const draft = (eventId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: "X", eventId, target: "attendees", url: "http://127.0.0.1:9/people", headers: [], mapping: { fields: { email: { path: "email" } } }, ...extra });

/** Each action → the forged calls an admin of B makes against A. */
const MATRIX: Record<string, () => (() => Promise<ActionResult<unknown>>)[]> = {
  ...AUTHORING_ROWS,
  [`${KEYS}#createKeyAction`]: () => [() => action(`${KEYS}#createKeyAction`)(null, form({ orgId: A.orgId, name: "x", scopes: ["events:read"] }))],
  [`${KEYS}#revokeKeyAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${KEYS}#revokeKeyAction`)(null, form({ orgId, keyId: A.keyId }))),
  [`${MEMBERS}#createInviteAction`]: () => [() => action(`${MEMBERS}#createInviteAction`)(null, form({ orgId: A.orgId, email: "new@example.com", role: "admin" }))],
  [`${MEMBERS}#revokeInviteAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${MEMBERS}#revokeInviteAction`)(null, form({ orgId, inviteId: A.inviteId }))),
  [`${MEMBERS}#removeMemberAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${MEMBERS}#removeMemberAction`)(null, form({ orgId, membershipId: A.membershipId }))),
  [`${MEMBERS}#changeMemberRoleAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${MEMBERS}#changeMemberRoleAction`)(null, form({ orgId, membershipId: A.membershipId, role: "member" }))),
  [`${WEBHOOKS}#createEndpointAction`]: () => [
    () => action(`${WEBHOOKS}#createEndpointAction`)(null, form({ orgId: A.orgId, url: "http://127.0.0.1:9/x", eventTypes: "attendee.created" })),
  ],
  // A preview reads the organization's recent events: only the organization's id can aim it.
  [`${WEBHOOKS}#previewShapeAction`]: () => [
    () => action(`${WEBHOOKS}#previewShapeAction`)(null, form({ orgId: A.orgId, eventTypes: "attendee.created" })),
  ],
  [`${MEMBERS_TWO_FACTOR}#setTwoFactorRequirementAction`]: () => [
    () => action(`${MEMBERS_TWO_FACTOR}#setTwoFactorRequirementAction`)(null, form({ orgId: A.orgId, required: "true" })),
  ],
  [`${WEBHOOKS}#updateEndpointAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () =>
      action(`${WEBHOOKS}#updateEndpointAction`)(null, form({ orgId, endpointId: A.endpointId, url: "http://127.0.0.1:9/evil", eventTypes: "attendee.created" })),
    ),
  [`${WEBHOOKS}#setEndpointEnabledAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${WEBHOOKS}#setEndpointEnabledAction`)(null, form({ orgId, endpointId: A.endpointId, enabled: "false" }))),
  [`${WEBHOOKS}#rollSecretAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${WEBHOOKS}#rollSecretAction`)(null, form({ orgId, endpointId: A.endpointId }))),
  [`${WEBHOOKS}#deleteEndpointAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${WEBHOOKS}#deleteEndpointAction`)(null, form({ orgId, endpointId: A.endpointId }))),
  [`${WEBHOOKS}#sendTestPingAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${WEBHOOKS}#sendTestPingAction`)(null, form({ orgId, endpointId: A.endpointId }))),
  [`${WEBHOOKS}#resendDeliveryAction`]: () =>
    [
      [A.orgId, A.endpointId],
      [B.orgId, A.endpointId],
      [B.orgId, B.endpointId],
    ].map(([orgId, endpointId]) => () => action(`${WEBHOOKS}#resendDeliveryAction`)(null, form({ orgId, endpointId, deliveryId: A.deliveryId }))),
  [`${WEBHOOKS}#deliveryStatusAction`]: () =>
    [
      [A.orgId, A.endpointId],
      [B.orgId, A.endpointId],
      [B.orgId, B.endpointId],
    ].map(([orgId, endpointId]) => () => action(`${WEBHOOKS}#deliveryStatusAction`)(orgId, endpointId, A.deliveryId)),
  [`${RECOVERY}#previewRecoveryAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${RECOVERY}#previewRecoveryAction`)(form({ orgId, endpointId: A.endpointId, since: "2026-01-01T00:00:00Z" }))),
  [`${RECOVERY}#recoverDeliveriesAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${RECOVERY}#recoverDeliveriesAction`)(form({ orgId, endpointId: A.endpointId, since: "2026-01-01T00:00:00Z" }))),
  // A form action (no answer): the guard's notFound() is what refuses another organization.
  [`${NOTICES}#acknowledgeFailureNoticeAction`]: () => [
    () => answerOf(action(`${NOTICES}#acknowledgeFailureNoticeAction`)(form({ orgId: A.orgId, noticeId: A.endpointId }))),
  ],
  [`${EVENTS}#createEventAction`]: () => [
    () =>
      action(`${EVENTS}#createEventAction`)(
        null,
        form({ orgId: A.orgId, name: "Forged", slug: "forged", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T17:00" }),
      ),
  ],
  [`${EVENTS}#publishEventAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${EVENTS}#publishEventAction`)(null, form({ orgId, eventId: A.eventId }))),
  [`${EVENTS}#updateEventAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () =>
      action(`${EVENTS}#updateEventAction`)(null, form({ orgId, eventId: A.eventId, name: "Forged", slug: "forged", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T17:00" })),
    ),
  [`${EVENTS}#archiveEventAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${EVENTS}#archiveEventAction`)(null, form({ orgId, eventId: A.eventId }))),
  [`${EVENTS}#revokeAttendeeAction`]: attendeeAttempts("revokeAttendeeAction"),
  [`${EVENTS}#restoreAttendeeAction`]: attendeeAttempts("restoreAttendeeAction"),
  [`${EVENTS}#checkInAttendeeAction`]: attendeeAttempts("checkInAttendeeAction"),
  [`${EVENTS}#undoCheckInAction`]: attendeeAttempts("undoCheckInAction"),
  // Sends the browser to Stripe or back to the billing page naming the refusal: read from the redirect.
  [`${BILLING}#stripeRedirectAction`]: () =>
    ["card", "annual", "portal"].map((intent) => async () => {
      const thrown = await action(`${BILLING}#stripeRedirectAction`)(form({ orgId: A.orgId, intent })).catch((error: unknown) => error);
      const digest = String((thrown as { digest?: string } | undefined)?.digest ?? "");
      return digest.includes("refused=NOT_FOUND")
        ? { ok: false as const, code: "NOT_FOUND", message: "refused" }
        : { ok: true as const, message: digest, data: null };
    }),
  [`${EVENTS}#addAttendeeAction`]: () =>
    [
      [A.orgId, A.eventId],
      [B.orgId, A.eventId],
    ].map(([orgId, eventId]) => () => action(`${EVENTS}#addAttendeeAction`)(null, form({ orgId, eventId, email: "forged@example.com" }))),
  [`${EVENTS}#removeAttendeeAction`]: attendeeAttempts("removeAttendeeAction"),
  [`${EVENTS}#openFormAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${EVENTS}#openFormAction`)(null, form({ orgId, formId: A.formId }))),
  [`${EVENTS}#closeFormAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${EVENTS}#closeFormAction`)(null, form({ orgId, formId: A.formId }))),
  [`${PROGRAMME}#createSessionAction`]: () =>
    [
      [A.orgId, A.eventId],
      [B.orgId, A.eventId],
    ].map(([orgId, eventId]) => () => action(`${PROGRAMME}#createSessionAction`)(null, form({ orgId, eventId, ...sessionForm }))),
  [`${PROGRAMME}#updateSessionAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () =>
      action(`${PROGRAMME}#updateSessionAction`)(null, form({ orgId, eventId: B.eventId, sessionId: sessionOfA, ...sessionForm })),
    ),
  [`${PROGRAMME}#deleteSessionAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${PROGRAMME}#deleteSessionAction`)(null, form({ orgId, sessionId: sessionOfA }))),
  [`${GUESTS}#updateAttendeeAction`]: attendeePageAttempts("updateAttendeeAction", { displayName: "Forged", company: "Forged", jobTitle: "" }),
  [`${GUESTS}#removeAttendeeFromPageAction`]: attendeePageAttempts("removeAttendeeFromPageAction"),
  [`${DATA_SOURCES}#createDataSourceAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${DATA_SOURCES}#createDataSourceAction`)(null, form({ orgId, payload: draft(A.eventId) }))),
  [`${DATA_SOURCES}#updateDataSourceAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () =>
      action(`${DATA_SOURCES}#updateDataSourceAction`)(null, form({ orgId, dataSourceId: A.dataSourceId, payload: JSON.stringify({ url: "http://127.0.0.1:9/evil" }) })),
    ),
  [`${DATA_SOURCES}#previewDataSourceAction`]: () => [
    () => action(`${DATA_SOURCES}#previewDataSourceAction`)(null, form({ orgId: A.orgId, payload: draft(A.eventId) })),
    () => action(`${DATA_SOURCES}#previewDataSourceAction`)(null, form({ orgId: B.orgId, payload: draft(A.eventId) })),
    // B's own event, A's saved source (whose stored headers a preview would send).
    () => action(`${DATA_SOURCES}#previewDataSourceAction`)(null, form({ orgId: B.orgId, payload: draft(B.eventId, { dataSourceId: A.dataSourceId }) })),
  ],
  [`${DATA_SOURCES}#countDataSourcePagesAction`]: () => [
    () => action(`${DATA_SOURCES}#countDataSourcePagesAction`)(null, form({ orgId: A.orgId, payload: draft(A.eventId) })),
    () => action(`${DATA_SOURCES}#countDataSourcePagesAction`)(null, form({ orgId: B.orgId, payload: draft(A.eventId) })),
    // B's own event, A's saved source (whose stored credentials a count would send).
    () => action(`${DATA_SOURCES}#countDataSourcePagesAction`)(null, form({ orgId: B.orgId, payload: draft(B.eventId, { dataSourceId: A.dataSourceId }) })),
  ],
  [`${DATA_SOURCES}#deleteDataSourceAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${DATA_SOURCES}#deleteDataSourceAction`)(null, form({ orgId, dataSourceId: A.dataSourceId }))),
  [`${DATA_SOURCES}#runNowAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${DATA_SOURCES}#runNowAction`)(null, form({ orgId, dataSourceId: A.dataSourceId }))),
  [`${DATA_SOURCES}#runProgressAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${DATA_SOURCES}#runProgressAction`)(orgId, A.runId)),
  [`${DATA_SOURCES}#latestRunAction`]: () =>
    [A.orgId, B.orgId].map((orgId) => () => action(`${DATA_SOURCES}#latestRunAction`)(orgId, A.dataSourceId, new Date(0))),
};

/** A valid session form (the venue's wall clock), so only the organization can refuse it. */
const sessionForm = { title: "Forged", type: "talk", timezone: "UTC", startAt: "2027-03-01T09:00", endAt: "2027-03-01T10:00" };
let sessionOfA: string;

/** Console actions that take no organization: nothing of another organization to aim at. */
const EXEMPT: Record<string, string> = {
  "app/console/new/actions.ts#createOrganizationAction": "creates a new organization owned by the signed-in user; no existing organization is named",
  "app/console/account/actions.ts#signOutEverywhereAction": "ends the signed-in user's own sessions; no organization is named",
  "app/console/account/actions.ts#changePasswordAction": "changes the signed-in user's own password; no organization is named",
  "app/console/account/two-factor/actions.ts#startTwoFactorSetupAction": "starts the signed-in user's own two-factor setup; no organization is named",
  "app/console/account/two-factor/actions.ts#confirmTwoFactorAction": "confirms the signed-in user's own two-factor setup; no organization is named",
  "app/console/account/two-factor/actions.ts#disableTwoFactorAction": "turns off the signed-in user's own two-factor sign-in; no organization is named",
  "app/console/account/two-factor/actions.ts#regenerateRecoveryCodesAction": "replaces the signed-in user's own recovery codes; no organization is named",
};

beforeAll(async () => {
  const a = await makeOrg();
  const b = await makeOrg();
  A = a;
  B = b;
  bob = b.admin;
});

beforeAll(async () => {
  sessionOfA = (await createSession(A.orgId, A.eventId, { title: "A's session", type: "talk", startAt: "2027-03-01T09:00:00Z", endAt: "2027-03-01T10:00:00Z" }, OPERATOR)).id;
});

describe("console server actions across organizations", () => {
  it("has a matrix row (or a stated exemption) for every exported console action", () => {
    expect(enumerated.length).toBeGreaterThan(15);
    expect([...enumerated].sort()).toEqual([...Object.keys(MATRIX), ...Object.keys(EXEMPT)].sort());
  });

  it.each(Object.keys(MATRIX))("%s: another organization's ids answer not found and write nothing", async (key) => {
    const before = await snapshot([A.orgId, B.orgId]);
    session.user = bob;
    const attempts = MATRIX[key]();
    expect(attempts.length).toBeGreaterThan(0);
    for (const [index, attempt] of attempts.entries()) {
      expect(await attempt(), `${key} attempt ${index + 1}`).toMatchObject({ ok: false, code: "NOT_FOUND" });
    }
    expect(await snapshot([A.orgId, B.orgId])).toEqual(before);
  });
});
