import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { runCli } from "../run-cli";

// The webhook and engagement operator commands through runCli, against a real receiver.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Parsed = Record<string, any>;

async function cli(...argv: string[]): Promise<{ code: number; out: Parsed; error: Parsed | null }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, out: stdout ? JSON.parse(stdout) : null, error: stderr ? JSON.parse(stderr).error : null };
}

async function ok(...argv: string[]): Promise<Parsed> {
  const result = await cli(...argv);
  expect(result.error, JSON.stringify(result.error)).toBeNull();
  expect(result.code).toBe(0);
  return result.out;
}

let hook: WebhookReceiver;
let orgId: string;
let endpointId: string;
let secret: string;

beforeAll(async () => {
  hook = await startWebhookReceiver();
  orgId = (await createTestOrg()).id;
});
afterAll(async () => hook?.close());

describe("webhook commands", () => {
  it("webhook:create prints the endpoint with its secret, once; webhook:list never shows it", async () => {
    const out = await ok("webhook:create", "--org", orgId, "--url", hook.url, "--events", "attendee.checked_in, session.created,feedback.created");
    expect(out.endpoint).toMatchObject({ url: hook.url, eventTypes: ["attendee.checked_in", "session.created", "feedback.created"], enabled: true });
    expect(out.endpoint.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    endpointId = out.endpoint.id;
    secret = out.endpoint.secret;
    hook.secrets = [secret];

    const listed = await ok("webhook:list", "--org", orgId);
    expect(listed.endpoints.map((e: Parsed) => e.id)).toEqual([endpointId]);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
  });

  it.each([
    [["webhook:create", "--org", "ORG", "--url", "https://10.1.2.3/x", "--events", "session.created"], "INVALID_INPUT", "url"],
    [["webhook:create", "--org", "ORG", "--url", "https://example.com/x", "--events", "ping"], "INVALID_INPUT", "events.0"],
    [["webhook:create", "--org", "ORG", "--url", "https://example.com/x", "--events", ","], "INVALID_INPUT", "events"],
    [["webhook:ping", "--endpoint", "00000000-0000-4000-8000-000000000000"], "NOT_FOUND", null],
    [["webhook:list", "--org", "00000000-0000-4000-8000-000000000000"], "NOT_FOUND", null],
  ])("%j fails with %s", async (argv, code, field) => {
    const before = await getDb().webhookEndpoint.count({ where: { orgId } });
    const result = await cli(...argv.map((arg) => (arg === "ORG" ? orgId : arg)));
    expect(result.code).toBe(1);
    expect(result.error?.code).toBe(code);
    if (field) expect(Object.keys(result.error?.details.fields)).toEqual([field]);
    expect(await getDb().webhookEndpoint.count({ where: { orgId } })).toBe(before);
  });

  it("webhook:ping sends a signed ping to that endpoint at once", async () => {
    const out = await ok("webhook:ping", "--endpoint", endpointId);
    expect(out.ping.outcome).toMatchObject({ kind: "succeeded", attemptNumber: 1, statusCode: 200 });
    const [request] = await hook.waitFor(1);
    expect(request.body).toMatchObject({ id: out.ping.eventId, type: "ping", data: { endpointId } });
    expect(request.verifiedWith).toEqual([true]);
    expect(request.headers["x-service-delivery-id"]).toBe(out.ping.deliveryId);
  });

  it("engagement commands record events that webhooks:run-due delivers", async () => {
    const event = await createTestEvent(orgId);
    const [attendee] = await createTestAttendees(event.id, 1);
    const checkin = await ok("checkin", "--attendee", attendee.id);
    expect(checkin.checkIn.created).toBe(true);
    expect((await ok("checkin", "--attendee", attendee.id)).checkIn.created).toBe(false);
    const session = await ok(
      "session:create", "--event", event.id, "--title", "Workshop", "--type", "workshop",
      "--start", "2027-03-01T13:00:00Z", "--end", "2027-03-01T15:00:00Z", "--capacity", "25",
    );
    expect(session.session).toMatchObject({ title: "Workshop", capacity: 25, eventId: event.id });
    expect(session.session).not.toHaveProperty("speakerIds");
    const feedback = await ok("feedback:create", "--event", event.id, "--kind", "rating", "--rating", "4", "--session", session.session.id);
    expect(feedback.feedback).toMatchObject({ kind: "rating", rating: 4, sessionId: session.session.id });
    // Not subscribed: recorded, never sent to this endpoint.
    await ok("event:update", "--event", event.id, "--name", "Renamed");

    const run = await ok("webhooks:run-due", "--org", orgId);
    expect(run.run.fannedOut).toBeDefined();
    const received = await hook.waitFor(4);
    // Deliveries go out several at a time: no order among them.
    expect(received.slice(1).map((r) => r.body.type).sort()).toEqual(["attendee.checked_in", "feedback.created", "session.created"]);
    expect(received.every((r) => r.verifiedWith[0])).toBe(true);
    await ok("webhooks:run-due", "--org", orgId);
    expect(hook.received).toHaveLength(4);
  });

  it("engagement commands validate their flags and refuse unknown ids", async () => {
    const event = await createTestEvent(orgId);
    const bad = await cli("session:create", "--event", event.id, "--title", "X", "--type", "rave", "--start", "2027-03-01T13:00:00Z", "--end", "2027-03-01T12:00:00Z");
    expect(bad.error?.code).toBe("INVALID_INPUT");
    expect(Object.keys(bad.error?.details.fields)).toEqual(["type"]);
    const inverted = await cli("session:create", "--event", event.id, "--title", "X", "--type", "talk", "--start", "2027-03-01T13:00:00Z", "--end", "2027-03-01T12:00:00Z");
    expect(Object.keys(inverted.error?.details.fields)).toEqual(["endAt"]);
    expect((await cli("form:submit", "--form", event.id, "--attendee", event.id, "--answers", "{nope")).error?.code).toBe("NOT_FOUND");
    expect((await cli("attendee:delete", "--attendee", "00000000-0000-4000-8000-000000000000")).error?.code).toBe("NOT_FOUND");
    expect(await getDb().session.count({ where: { eventId: event.id } })).toBe(0);
  });

  it("event:publish, session:update/delete, scan, form:submit and attendee:delete run their operations", async () => {
    const event = await createTestEvent(orgId, { status: "draft" });
    const [attendee] = await createTestAttendees(event.id, 1);
    expect((await ok("event:publish", "--event", event.id)).event.status).toBe("published");
    const { session } = await ok("session:create", "--event", event.id, "--title", "T", "--type", "talk", "--start", "2027-03-01T13:00:00Z", "--end", "2027-03-01T14:00:00Z", "--room", "A1");
    const updated = await ok("session:update", "--session", session.id, "--room", "null", "--title", "T2");
    expect(updated).toMatchObject({ changed: true, session: { room: null, title: "T2" } });
    expect((await ok("scan", "--session", session.id, "--attendee", attendee.id)).created).toBe(true);
    const form = await getDb().form.create({
      data: { eventId: event.id, name: "F", status: "open", fields: [{ key: "q", label: "Q", type: "short_text", required: true }] },
    });
    const submitted = await ok("form:submit", "--form", form.id, "--attendee", attendee.id, "--answers", '{"q":"a"}');
    expect(submitted.submission).toMatchObject({ revision: 1, answers: { q: "a" } });
    const badJson = await cli("form:submit", "--form", form.id, "--attendee", attendee.id, "--answers", "{nope");
    expect(Object.keys(badJson.error?.details.fields)).toEqual(["answers"]);
    expect((await ok("session:delete", "--session", session.id)).deleted.id).toBe(session.id);
    const deleted = await ok("attendee:delete", "--attendee", attendee.id);
    expect(deleted.deleted).toMatchObject({ id: attendee.id, badgeCode: attendee.badgeCode });
    expect(deleted.deleted).not.toHaveProperty("createdAt");
    const types = (await getDb().webhookEvent.findMany({ where: { orgId, data: { path: ["eventId"], equals: event.id } }, orderBy: { createdAt: "asc" } })).map((e) => e.type);
    expect(types).toEqual(["session.created", "session.updated", "form.submission.created", "session.deleted", "attendee.deleted"]);
  });

  it("webhook:update, roll-secret, deliveries and delete", async () => {
    const disabled = await ok("webhook:update", "--endpoint", endpointId, "--enabled", "false");
    expect(disabled.endpoint).toMatchObject({ enabled: false, disabledReason: "manual" });
    const refused = await cli("webhook:update", "--endpoint", endpointId, "--enabled", "true", "--events", "ping,session.created");
    expect(Object.keys(refused.error?.details.fields)).toEqual(["events.0"]);
    const enabled = await ok("webhook:update", "--endpoint", endpointId, "--enabled", "true", "--events", "session.created");
    expect(enabled.endpoint).toMatchObject({ enabled: true, disabledReason: null, eventTypes: ["session.created"] });
    const rolled = await ok("webhook:roll-secret", "--endpoint", endpointId);
    expect(rolled.endpoint.secret).toMatch(/^whsec_/);
    expect(rolled.endpoint.secret).not.toBe(secret);
    const log = await ok("webhook:deliveries", "--endpoint", endpointId);
    expect(log.deliveries.length).toBeGreaterThanOrEqual(4);
    expect(log.deliveries.at(-1)).toMatchObject({ eventType: "ping", state: "succeeded", attempts: [{ attemptNumber: 1, statusCode: 200 }] });
    expect((await ok("webhook:delete", "--endpoint", endpointId)).deleted).toEqual({ id: endpointId });
    expect((await cli("webhook:delete", "--endpoint", endpointId)).error?.code).toBe("NOT_FOUND");
  });
});
