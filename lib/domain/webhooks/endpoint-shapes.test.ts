import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestAttendees, createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { createWebhookEndpoint, sendTestPing, updateWebhookEndpoint } from "./endpoints";
import type { CreateEndpointInput } from "./endpoint-input";
import { recordWebhookEvent } from "./outbox";
import { attendeePayload } from "./payloads";
import { runDueDeliveries } from "./run-due";

// Endpoints limited to events, filtered, transformed: end to end from the outbox through
// fan-out and the real delivery code to a receiver on 127.0.0.1 that verifies signatures.

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver() {
  const hook = await startWebhookReceiver();
  receivers.push(hook);
  return hook;
}

async function endpointFor(orgId: string, hook: WebhookReceiver, input: Omit<CreateEndpointInput, "url">) {
  const { endpoint, secret } = await createWebhookEndpoint(orgId, { url: hook.url, ...input }, OPERATOR);
  hook.secrets = [secret];
  return { endpoint, secret };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function recordAttendeeCreated(orgId: string, attendee: Parameters<typeof attendeePayload>[0]) {
  return getDb().$transaction((tx) => recordWebhookEvent(tx, { orgId, type: "attendee.created", data: attendeePayload(attendee) }));
}

function standardHeaders(request: ReceivedWebhook): Record<string, string> {
  return {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  };
}

describe("limiting an endpoint to events of the organization", () => {
  it("delivers only the chosen events' webhooks, and pings still arrive", async () => {
    const org = await createTestOrg();
    const [chosen, other] = [await createTestEvent(org.id), await createTestEvent(org.id)];
    const [inChosen] = await createTestAttendees(chosen.id, 1);
    const [inOther] = await createTestAttendees(other.id, 1);
    const hook = await receiver();
    const { endpoint } = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], eventIds: [chosen.id] });
    expect(endpoint.eventIds).toEqual([chosen.id]);

    const kept = await recordAttendeeCreated(org.id, inChosen);
    await recordAttendeeCreated(org.id, inOther);
    await runDueDeliveries({ orgId: org.id });
    await sendTestPing(org.id, endpoint.id);
    await runDueDeliveries({ orgId: org.id });

    const received = await hook.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((r) => r.body.type).sort()).toEqual(["attendee.created", "ping"]);
    expect(received.find((r) => r.body.type === "attendee.created")!.body.id).toBe(kept.id);
    expect(await getDb().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(2);
  });

  it("refuses another organization's event, an unknown id and a malformed one, naming the field and storing nothing", async () => {
    const org = await createTestOrg();
    const foreign = await createTestEvent((await createTestOrg()).id);
    const hook = await receiver();
    for (const [eventIds, message] of [
      [[foreign.id], `No event of this organization has the id ${foreign.id}.`],
      [["00000000-0000-4000-8000-00000000beef"], "No event of this organization has the id 00000000-0000-4000-8000-00000000beef."],
      [["not-an-id"], `"not-an-id" is not an event id.`],
    ] as const) {
      const error = await refusal(createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["attendee.created"], eventIds: [...eventIds] }, OPERATOR));
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.details).toMatchObject({ fields: { eventIds: { message } } });
    }
    expect(await getDb().webhookEndpoint.count({ where: { orgId: org.id } })).toBe(0);
  });
});

describe("filters", () => {
  it("sends what the filter lets through; the rest is recorded as filtered out, not attempted, not a failure, still in the feed", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [acme, other] = await createTestAttendees(event.id, 2);
    await getDb().attendee.update({ where: { id: acme.id }, data: { company: "Acme" } });
    const hook = await receiver();
    const { endpoint } = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], filter: `data.company = "Acme"` });

    const sent = await recordAttendeeCreated(org.id, { ...acme, company: "Acme" });
    const left = await recordAttendeeCreated(org.id, other);
    await runDueDeliveries({ orgId: org.id });

    const [request] = await hook.waitFor(1);
    expect(request.body.id).toBe(sent.id);
    expect(request.verifiedWith).toEqual([true]);
    const filtered = await getDb().webhookDelivery.findUniqueOrThrow({
      where: { eventId_endpointId: { eventId: left.id, endpointId: endpoint.id } },
      include: { attempts: true },
    });
    expect(filtered).toMatchObject({ state: "filtered", attemptCount: 0, nextAttemptAt: null, shapeError: null });
    expect(filtered.attempts).toEqual([]);
    expect(await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ consecutiveFailures: 0, enabled: true });
    expect(await getDb().webhookEvent.count({ where: { id: left.id } })).toBe(1);
    expect(hook.received).toHaveLength(1);
  });

  it("a runaway filter (endless loop, endless recursion) ends as a recorded filter error without an attempt or a retry", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [attendee] = await createTestAttendees(event.id, 1);
    const hook = await receiver();
    // JSONata runs a call in tail position as a loop: only the time bound stops this one.
    const looping = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], filter: "($loop := function($n) { $loop($n + 1) }; $loop(0))" });
    const deep = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], filter: "($deep := function($n) { 1 + $deep($n + 1) }; $deep(0))" });
    const recorded = await recordAttendeeCreated(org.id, attendee);
    const started = Date.now();
    await runDueDeliveries({ orgId: org.id });
    expect(Date.now() - started).toBeLessThan(5_000);
    const rows = await getDb().webhookDelivery.findMany({ where: { eventId: recorded.id } });
    const of = (endpointId: string) => rows.find((row) => row.endpointId === endpointId)!;
    expect(of(looping.endpoint.id)).toMatchObject({ state: "shape_failed", attemptCount: 0, nextAttemptAt: null });
    expect(of(looping.endpoint.id).shapeError).toBe("Filter error: The expression ran longer than 200 ms.");
    expect(of(deep.endpoint.id)).toMatchObject({ state: "shape_failed", attemptCount: 0, nextAttemptAt: null });
    // On a loaded machine the time bound can come first; either way the expression is stopped.
    expect(of(deep.endpoint.id).shapeError).toMatch(/^Filter error: The expression (nests deeper than 200 steps \(runaway recursion\?\)|ran longer than 200 ms)\.$/);
    expect(hook.received).toHaveLength(0);
    const endpoints = await getDb().webhookEndpoint.findMany({ where: { orgId: org.id } });
    expect(endpoints.map((endpoint) => endpoint.consecutiveFailures)).toEqual([0, 0]);
  });

  it("refuses an expression that does not parse, one over 4 KB, and a format with a transform, naming the field", async () => {
    const org = await createTestOrg();
    const hook = await receiver();
    const cases: [Omit<CreateEndpointInput, "url" | "eventTypes">, string, RegExp][] = [
      [{ filter: "data.company = " }, "filter", /^The expression does not parse: /],
      [{ transform: `"${"x".repeat(4100)}"` }, "transform", /^The expression is 4102 bytes long; at most 4096 \(4 KB\) are allowed\.$/],
      [{ format: "slack", transform: "data" }, "transform", /^A chat format and a transform do not combine/],
      [{ format: "telegram" as never }, "format", /^Choose one of the formats: json, slack, teams, discord, google-chat\.$/],
    ];
    for (const [input, field, message] of cases) {
      const error = await refusal(createWebhookEndpoint(org.id, { url: hook.url, eventTypes: ["attendee.created"], ...input }, OPERATOR));
      expect(error.code).toBe("INVALID_INPUT");
      const fields = (error.details as { fields: Record<string, { message: string }> }).fields;
      expect(fields[field].message).toMatch(message);
    }
    expect(await getDb().webhookEndpoint.count({ where: { orgId: org.id } })).toBe(0);

    // The same rule on update, against the settings left as they are.
    const { endpoint } = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], format: "discord" });
    const error = await refusal(updateWebhookEndpoint(org.id, endpoint.id, { transform: "data" }, OPERATOR));
    expect(error.details).toMatchObject({ fields: { transform: { message: expect.stringMatching(/^A chat format and a transform/) } } });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).transform).toBeNull();
  });
});

describe("transforms", () => {
  it("sends the expression's result, signed over exactly the bytes sent (both signature schemes)", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [attendee] = await createTestAttendees(event.id, 1, { displayName: "Ada Lovelace" });
    const hook = await receiver();
    const { secret } = await endpointFor(org.id, hook, {
      eventTypes: ["attendee.created"],
      transform: `{ "who": data.displayName, "kind": type, "tags": ["vip", "guest"] }`,
    });
    await recordAttendeeCreated(org.id, attendee);
    await runDueDeliveries({ orgId: org.id });
    const [request] = await hook.waitFor(1);
    expect(request.rawBody).toBe(`{"who":"Ada Lovelace","kind":"attendee.created","tags":["vip","guest"]}`);
    expect(request.verifiedWith).toEqual([true]);
    expect(() => new Webhook(secret).verify(request.rawBody, standardHeaders(request))).not.toThrow();
  });

  it("a transform that errors or yields nothing records a clear error, with no attempt and no retry", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id);
    const [attendee] = await createTestAttendees(event.id, 1);
    const hook = await receiver();
    const failing = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], transform: `$error("no badge printer for this guest")` });
    const empty = await endpointFor(org.id, hook, { eventTypes: ["attendee.created"], transform: "data.nothingHere" });
    const recorded = await recordAttendeeCreated(org.id, attendee);
    await runDueDeliveries({ orgId: org.id });
    const rows = await getDb().webhookDelivery.findMany({ where: { eventId: recorded.id }, include: { attempts: true } });
    const byEndpoint = new Map(rows.map((row) => [row.endpointId, row]));
    expect(byEndpoint.get(failing.endpoint.id)).toMatchObject({
      state: "shape_failed",
      attemptCount: 0,
      nextAttemptAt: null,
      shapeError: "Transform error: no badge printer for this guest (at character 7)",
      attempts: [],
    });
    expect(byEndpoint.get(empty.endpoint.id)).toMatchObject({
      state: "shape_failed",
      shapeError: "Transform error: the expression yielded nothing for this event, so there was no body to send.",
    });
    // A later sweep does not try again.
    await runDueDeliveries({ orgId: org.id });
    expect(hook.received).toHaveLength(0);
  });
});

describe("chat formats", () => {
  it("a check-in becomes a sentence in the venue's time zone with a link to the guest, in each tool's documented shape", async () => {
    const org = await createTestOrg();
    const event = await createTestEvent(org.id, { name: "Nordic Dev Summit", timezone: "Europe/Oslo" });
    const [attendee] = await createTestAttendees(event.id, 1, { displayName: "Ada Lovelace" });
    const hooks = new Map<string, WebhookReceiver>();
    for (const format of ["slack", "teams", "discord", "google-chat"] as const) {
      const hook = await receiver();
      await endpointFor(org.id, hook, { eventTypes: ["attendee.checked_in"], format });
      hooks.set(format, hook);
    }
    await checkIn(org.id, attendee.id, OPERATOR);
    await runDueDeliveries({ orgId: org.id });
    const checkedInAt = (await getDb().attendee.findUniqueOrThrow({ where: { id: attendee.id } })).checkedInAt!;
    const time = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(checkedInAt);
    const sentence = `Ada Lovelace checked in to Nordic Dev Summit at ${time} (Europe/Oslo).`;
    const guestUrl = new RegExp(`/console/${org.id}/events/${event.id}/guests/${attendee.id}$`);

    const bodies = new Map<string, Record<string, unknown>>();
    for (const [format, hook] of hooks) {
      const [request] = await hook.waitFor(1);
      expect(request.verifiedWith).toEqual([true]);
      bodies.set(format, JSON.parse(request.rawBody));
    }

    // Slack incoming webhook: text (the notification fallback) and blocks.
    const slack = bodies.get("slack") as { text: string; blocks: { type: string; text: { type: string; text: string } }[] };
    expect(Object.keys(slack).sort()).toEqual(["blocks", "text"]);
    expect(slack.text).toBe(sentence);
    expect(slack.blocks).toHaveLength(1);
    expect(slack.blocks[0]).toMatchObject({ type: "section", text: { type: "mrkdwn" } });
    expect(slack.blocks[0].text.text).toMatch(new RegExp(`^${escape(sentence)}\\n<http[^|]+/guests/${attendee.id}\\|Open the guest>$`));

    // Teams: a message with one Adaptive Card attachment.
    const teams = bodies.get("teams") as { type: string; attachments: { contentType: string; contentUrl: null; content: Record<string, unknown> }[] };
    expect(teams.type).toBe("message");
    expect(teams.attachments).toHaveLength(1);
    expect(teams.attachments[0]).toMatchObject({ contentType: "application/vnd.microsoft.card.adaptive", contentUrl: null });
    const card = teams.attachments[0].content as { type: string; version: string; $schema: string; body: { type: string; text: string }[]; actions: { type: string; url: string }[] };
    expect(card).toMatchObject({ type: "AdaptiveCard", $schema: "http://adaptivecards.io/schemas/adaptive-card.json" });
    expect(card.body.every((block) => block.type === "TextBlock")).toBe(true);
    expect(card.body.map((block) => block.text)).toContain(sentence);
    expect(card.actions[0]).toMatchObject({ type: "Action.OpenUrl" });
    expect(card.actions[0].url).toMatch(guestUrl);

    // Discord: content (≤ 2000 characters) and embeds (≤ 10).
    const discord = bodies.get("discord") as { content: string; embeds: { title: string; description: string; url: string; timestamp: string }[] };
    expect(discord.content).toBe(sentence);
    expect(discord.embeds).toHaveLength(1);
    expect(discord.embeds[0].url).toMatch(guestUrl);
    expect(Number.isNaN(Date.parse(discord.embeds[0].timestamp))).toBe(false);

    // Google Chat: { text }.
    const chat = bodies.get("google-chat") as { text: string };
    expect(Object.keys(chat)).toEqual(["text"]);
    expect(chat.text).toMatch(new RegExp(`^${escape(sentence)}\\n<http[^|]+/guests/${attendee.id}\\|Open the guest>$`));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
