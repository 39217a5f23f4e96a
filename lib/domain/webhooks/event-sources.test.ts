import Ajv2020 from "ajv/dist/2020";
import * as ajvFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttendee } from "@/lib/domain/attendees/create-attendee";
import { deleteAttendee } from "@/lib/domain/attendees/delete-attendee";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { getDb } from "@/lib/platform/db/client";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { createFeedback } from "@/lib/domain/engagement/create-feedback";
import { scanSession } from "@/lib/domain/engagement/scan-session";
import { submitForm } from "@/lib/domain/engagement/submit-form";
import { publishEvent } from "@/lib/domain/events/publish-event";
import { updateEvent } from "@/lib/domain/events/update-event";
import { buildOpenApiDocument } from "@/lib/partner-api/openapi/document";
import { toAttendee, toEvent } from "@/lib/domain/resources/projections";
import { createSession } from "@/lib/domain/programme/create-session";
import { deleteSession } from "@/lib/domain/programme/delete-session";
import { updateSession } from "@/lib/domain/programme/update-session";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createWebhookEndpoint, sendTestPing } from "./endpoints";
import { SUBSCRIBABLE_EVENT_TYPES } from "./endpoint-input";
import { WEBHOOK_EVENT_TYPES } from "./event-types";
import { runDueDeliveries } from "./run-due";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { OPERATOR } from "@/lib/domain/audit/record";

// Every event type, triggered through the domain operation that owns it, arrives at a
// real receiver with a verified signature and exactly the documented `data` keys.

const KEYS = {
  event: ["description", "endAt", "id", "location", "name", "slug", "startAt", "status", "timezone"],
  attendee: ["badgeCode", "checkedInAt", "company", "displayName", "email", "eventId", "id", "invitedAt", "jobTitle", "status", "visibleInList"],
  session: ["capacity", "description", "endAt", "eventId", "id", "room", "startAt", "title", "trackId", "type"],
  attendance: ["attendeeId", "id", "scannedAt", "sessionId"],
  submission: ["answers", "attendeeId", "eventId", "formId", "revision", "submittedAt"],
  feedback: ["comment", "createdAt", "id", "kind", "rating", "sessionId"],
  ping: ["endpointId", "message"],
};

const EXPECTED_KEYS: Record<string, string[]> = {
  "event.updated": KEYS.event,
  "event.published": KEYS.event,
  "attendee.created": KEYS.attendee,
  "attendee.updated": KEYS.attendee,
  "attendee.deleted": KEYS.attendee,
  "attendee.checked_in": KEYS.attendee,
  "session.created": KEYS.session,
  "session.updated": KEYS.session,
  "session.deleted": KEYS.session,
  "session_attendance.created": KEYS.attendance,
  "form.submission.created": KEYS.submission,
  "feedback.created": KEYS.feedback,
  ping: KEYS.ping,
};

let hook: WebhookReceiver;
let received: ReceivedWebhook[];
const ids = {} as Record<string, string>;
let expectedEvent: Record<string, unknown>;
let deletedAttendee: Record<string, unknown>;

const ofType = (type: string) => received.filter((r) => r.body.type === type);

beforeAll(async () => {
  const org = await createTestOrg();
  hook = await startWebhookReceiver();
  const { endpoint, secret } = await createWebhookEndpoint(org.id, { url: hook.url, eventTypes: [...SUBSCRIBABLE_EVENT_TYPES] }, OPERATOR);
  hook.secrets = [secret];
  ids.endpoint = endpoint.id;

  const event = await createTestEvent(org.id, { status: "draft" });
  ids.event = event.id;
  const [guest, leaving] = await createTestAttendees(event.id, 2, { company: "Acme" });
  ids.guest = guest.id;
  deletedAttendee = (({ createdAt: _c, updatedAt: _u, ...rest }) => rest)(toAttendee(leaving));
  const track = await getDb().track.create({ data: { eventId: event.id, name: "Main" } });
  const form = await getDb().form.create({
    data: {
      eventId: event.id,
      name: "Survey",
      status: "open",
      fields: [
        { key: "overall", label: "Overall", type: "rating", required: true },
        { key: "topics", label: "Topics", type: "multi_select", required: false },
      ],
    },
  });
  ids.form = form.id;

  await updateEvent(org.id, event.id, { name: "Renamed summit", location: "Hall 1" }, OPERATOR);
  await publishEvent(org.id, event.id, OPERATOR);
  expectedEvent = (({ createdAt: _c, updatedAt: _u, ...rest }) => rest)(
    toEvent(await getDb().event.findUniqueOrThrow({ where: { id: event.id } })),
  );
  const created = await createAttendee(org.id, event.id, { email: "new.guest@example.com" }, null);
  ids.newGuest = created.id;
  await updateAttendee(org.id, event.id, created.id, { jobTitle: "CTO" }, null);
  await checkIn(org.id, guest.id, OPERATOR);
  const session = await createSession(org.id, event.id, {
    title: "Opening keynote",
    type: "keynote",
    startAt: "2027-03-01T09:00:00Z",
    endAt: "2027-03-01T10:00:00Z",
    trackId: track.id,
    room: "Hall 1",
    capacity: 300,
  }, OPERATOR);
  ids.session = session.id;
  await updateSession(org.id, session.id, { capacity: 350 }, OPERATOR);
  await scanSession(org.id, { sessionId: session.id, attendeeId: guest.id }, OPERATOR);
  await submitForm(org.id, { formId: form.id, attendeeId: guest.id, answers: { overall: 4 } }, OPERATOR);
  await submitForm(org.id, { formId: form.id, attendeeId: guest.id, answers: { overall: 5, topics: ["AI"] } }, OPERATOR);
  await createFeedback(org.id, { eventId: event.id, kind: "review", rating: 5, comment: "Great", attendeeId: guest.id, sessionId: session.id }, OPERATOR);
  const doomed = await createSession(org.id, event.id, {
    title: "Cancelled talk",
    type: "talk",
    startAt: "2027-03-01T11:00:00Z",
    endAt: "2027-03-01T11:30:00Z",
  }, OPERATOR);
  ids.doomed = doomed.id;
  await deleteSession(org.id, doomed.id, OPERATOR);
  await deleteAttendee(org.id, leaving.id, OPERATOR);
  ids.leaving = leaving.id;
  await sendTestPing(org.id, endpoint.id);

  await runDueDeliveries({ orgId: org.id });
  received = await hook.waitFor(15);
});
afterAll(async () => hook?.close());

describe("every event type", () => {
  it("arrives exactly once per operation (two form submissions), signed", () => {
    expect(received).toHaveLength(15);
    expect(new Set(received.map((r) => r.body.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    expect(received.every((r) => r.verifiedWith[0])).toBe(true);
    expect(ofType("form.submission.created")).toHaveLength(2);
  });

  it.each(Object.entries(EXPECTED_KEYS))("%s carries exactly its documented data keys", (type, keys) => {
    for (const request of ofType(type)) {
      expect(Object.keys(request.body.data).sort()).toEqual(keys);
      expect(request.headers["x-service-event-type"]).toBe(type);
    }
    expect(ofType(type).length).toBeGreaterThan(0);
  });
});

/** Ajv over the OpenAPI document's schemas, objects closed so an undocumented field fails. */
function documentedBodyValidator() {
  const doc = buildOpenApiDocument();
  const addFormats = ((ajvFormats as { default?: { default?: unknown } }).default?.default ??
    (ajvFormats as { default?: unknown }).default) as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const close = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(close);
    if (!value || typeof value !== "object") return value;
    const copy = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, close(inner)])) as Record<string, unknown>;
    if (copy.type === "object" && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
    return copy;
  };
  const id = "https://partner.test/openapi.json";
  ajv.addSchema({ $id: id, components: { schemas: close(doc.components.schemas) } });
  return (type: string, body: unknown) => {
    const ref = doc.webhooks[type]?.post.requestBody?.content["application/json"].schema.$ref;
    const validate = ajv.compile({ $ref: `${id}${String(ref)}` });
    return validate(body) ? null : validate.errors;
  };
}

describe("the OpenAPI document's webhooks object", () => {
  it("describes every body that was really sent, and nothing looser (ajv, closed objects)", () => {
    const validate = documentedBodyValidator();
    for (const request of received) expect(validate(request.body.type, JSON.parse(request.rawBody)), request.body.type).toBeNull();
    // The validator is not vacuous: a body of one type does not pass as another, nor with an extra field.
    const attendee = JSON.parse(ofType("attendee.created")[0].rawBody);
    expect(validate("attendee.updated", attendee)).not.toBeNull();
    expect(validate("attendee.created", { ...attendee, data: { ...attendee.data, createdAt: attendee.createdAt } })).not.toBeNull();
  });
});

describe("data values", () => {
  it("event.updated and event.published carry the event projection after the change", () => {
    const [updated] = ofType("event.updated");
    expect(updated.body.data).toMatchObject({ id: ids.event, name: "Renamed summit", location: "Hall 1", status: "draft" });
    expect(ofType("event.published")[0].body.data).toEqual(expectedEvent);
  });

  it("attendee bodies carry the badge code; checked_in has the arrival time, deleted the attendee as it was", () => {
    const [createdBody] = ofType("attendee.created");
    expect(createdBody.body.data).toMatchObject({ id: ids.newGuest, email: "new.guest@example.com", status: "invited", jobTitle: null });
    expect(createdBody.body.data.badgeCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    expect(ofType("attendee.updated")[0].body.data).toMatchObject({ id: ids.newGuest, jobTitle: "CTO" });
    const checkedIn = ofType("attendee.checked_in")[0].body.data;
    expect(checkedIn).toMatchObject({ id: ids.guest, company: "Acme" });
    expect(checkedIn.checkedInAt).toMatch(/Z$/);
    expect(ofType("attendee.deleted")[0].body.data).toEqual(deletedAttendee);
  });

  it("session bodies follow the programme", () => {
    expect(ofType("session.created")[0].body.data).toMatchObject({ id: ids.session, title: "Opening keynote", capacity: 300, room: "Hall 1" });
    expect(ofType("session.updated")[0].body.data).toMatchObject({ id: ids.session, capacity: 350 });
    expect(ofType("session.deleted")[0].body.data).toMatchObject({ id: ids.doomed, title: "Cancelled talk", trackId: null });
    expect(ofType("session_attendance.created")[0].body.data).toMatchObject({ sessionId: ids.session, attendeeId: ids.guest });
  });

  it("form.submission.created counts revisions; the correction keeps submittedAt", () => {
    // Sent concurrently: arrival order is not the revision order.
    const [first, second] = ofType("form.submission.created")
      .map((r) => r.body.data)
      .sort((a, b) => Number(a.revision) - Number(b.revision));
    expect(first).toMatchObject({ formId: ids.form, eventId: ids.event, attendeeId: ids.guest, revision: 1, answers: { overall: 4 } });
    expect(second).toMatchObject({ revision: 2, answers: { overall: 5, topics: ["AI"] } });
    expect(second.submittedAt).toBe(first.submittedAt);
  });

  it("feedback.created has no attendeeId; ping names the endpoint", () => {
    expect(ofType("feedback.created")[0].body.data).toMatchObject({ kind: "review", rating: 5, comment: "Great", sessionId: ids.session });
    expect(ofType("ping")[0].body.data).toEqual({ endpointId: ids.endpoint, message: expect.any(String) });
  });
});
