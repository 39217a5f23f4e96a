import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "@/lib/domain/audit/record";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";
import { getDb } from "@/lib/platform/db/client";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { runCli } from "../run-cli";

// The shape flags of webhook:create and webhook:update through runCli, delivering to a
// real receiver: --event-ids, --filter, --transform, --format; an empty value clears.

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
beforeAll(async () => {
  hook = await startWebhookReceiver();
});
afterAll(async () => hook?.close());

describe("webhook:create and webhook:update shape flags", () => {
  it("store, apply and clear event ids, filter, transform and format", async () => {
    const orgId = (await createTestOrg()).id;
    const [chosen, other] = [await createTestEvent(orgId, { name: "Nordic Dev Summit", timezone: "Europe/Oslo" }), await createTestEvent(orgId)];
    const created = await ok(
      "webhook:create", "--org", orgId, "--url", hook.url, "--events", "attendee.checked_in",
      "--event-ids", chosen.id, "--filter", `data.displayName ~> $contains("Ada")`, "--format", "google-chat",
    );
    expect(created.endpoint).toMatchObject({ eventIds: [chosen.id], filter: `data.displayName ~> $contains("Ada")`, transform: null, format: "google-chat" });
    const endpointId = created.endpoint.id;
    hook.secrets = [created.endpoint.secret];

    const [ada] = await createTestAttendees(chosen.id, 1, { displayName: "Ada Lovelace" });
    // createTestAttendees answers with every attendee of the event: Bob is the newest.
    const bob = (await createTestAttendees(chosen.id, 1, { displayName: "Bob Builder" }, new Date("2026-02-01T00:00:00Z"))).at(-1)!;
    const [elsewhere] = await createTestAttendees(other.id, 1, { displayName: "Ada Elsewhere" });
    for (const attendee of [ada, bob, elsewhere]) await checkIn(orgId, attendee.id, OPERATOR);
    // In-process (not the CLI, which closes the shared pool while check-ins may still fan out).
    await runDueDeliveries({ orgId });
    const [request] = await hook.waitFor(1);
    expect(JSON.parse(request.rawBody).text).toMatch(/^Ada Lovelace checked in to Nordic Dev Summit at \d\d:\d\d \(Europe\/Oslo\)\.\n<http/);
    expect(request.verifiedWith).toEqual([true]);
    const log = await ok("webhook:deliveries", "--endpoint", endpointId);
    expect(log.deliveries.map((d: Parsed) => d.state).sort()).toEqual(["filtered", "succeeded"]);

    // A format and a transform together are refused, naming the field; nothing changes.
    const refused = await cli("webhook:update", "--endpoint", endpointId, "--transform", "data");
    expect(refused.error).toMatchObject({ code: "INVALID_INPUT", details: { fields: { transform: { message: expect.stringMatching(/do not combine/) } } } });

    // Empty values clear; then a transform is accepted with the JSON format.
    const cleared = await ok("webhook:update", "--endpoint", endpointId, "--event-ids", "", "--filter", "", "--format", "", "--transform", `{"guest": data.displayName}`);
    expect(cleared.endpoint).toMatchObject({ eventIds: [], filter: null, format: "json", transform: `{"guest": data.displayName}` });
    const noTransform = await ok("webhook:update", "--endpoint", endpointId, "--transform", "");
    expect(noTransform.endpoint.transform).toBeNull();
  });

  it("refuses bad input with the flag and the reason, storing nothing", async () => {
    const orgId = (await createTestOrg()).id;
    const foreign = await createTestEvent((await createTestOrg()).id);
    const base = ["webhook:create", "--org", orgId, "--url", hook.url, "--events", "attendee.created"];
    const cases: [string[], string, RegExp][] = [
      [["--event-ids", foreign.id], "event-ids", /^No event of this organization has the id /],
      [["--event-ids", "nope"], "event-ids", /is not an event id/],
      [["--filter", "data.("], "filter", /^The expression does not parse: /],
      [["--transform", `"${"y".repeat(5000)}"`], "transform", /at most 4096 \(4 KB\)/],
      [["--format", "slack", "--transform", "data"], "transform", /do not combine/],
      [["--format", "pager"], "format", /^Choose one of the formats/],
    ];
    for (const [flags, field, message] of cases) {
      const result = await cli(...base, ...flags);
      expect(result.code).not.toBe(0);
      expect(result.error?.code).toBe("INVALID_INPUT");
      const fields = result.error?.details.fields as Record<string, { message: string }>;
      expect(Object.keys(fields)).toEqual([field]);
      expect(fields[field].message).toMatch(message);
    }
    expect(await getDb().webhookEndpoint.count({ where: { orgId } })).toBe(0);
  });
});
