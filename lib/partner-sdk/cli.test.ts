import { OPERATOR } from "@/lib/domain/audit/record";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/domain/keys/revoke-key";
import { flushRequestLog } from "@/lib/domain/request-log/record";
import { webhookBody } from "@/lib/domain/webhooks/send-attempt";
import { verifySignature } from "@/lib/domain/webhooks/signature";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestKey, createTestOrg } from "@/lib/testing/fixtures";
import { startRouteServer, type RouteServer } from "@/lib/testing/route-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { PartnerClient, verifyWebhook } from "./src";
import { main, type MainEnvironment } from "./src/cli-main";
import { rawDataItems } from "./src/raw-items";
import { generateWebhookSecret, signWebhook } from "./src/webhook-signer";

// `svc-partner` in process against the real route handlers on a real database and a real
// receiver: what it forwards is the feed's bytes, signed so the service's own verifier and
// the standardwebhooks package accept it; it resumes after a restart, holds an event while
// the receiver fails, and every bad input is one line and a non-zero exit.

let server: RouteServer;
let apiKey: string;
let orgId: string;
let draftEventId: string;
let publishedEventId: string;
const homes: string[] = [];
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  server = await startRouteServer();
  const org = await createTestOrg();
  orgId = org.id;
  apiKey = (await createTestKey(org.id)).secret;
  draftEventId = (await createTestEvent(org.id, { status: "draft", name: "CLI Draft" })).id;
  publishedEventId = (await createTestEvent(org.id, { status: "published", name: "CLI Live" })).id;
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close().catch(() => undefined);
  await server?.close();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function newHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), "svc-partner-"));
  homes.push(home);
  return home;
}

async function receiver(reply?: NonNullable<Parameters<typeof startWebhookReceiver>[0]>["reply"]): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver({ reply });
  receivers.push(started);
  return started;
}

type Run = { code: Promise<number>; out: string[]; err: string[]; stop: () => Promise<number> };

function run(argv: string[], options: { home: string; key?: string } ): Run {
  const controller = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  const io: MainEnvironment = {
    env: { NODE_ENV: "test", SVC_PARTNER_HOME: options.home, SVC_PARTNER_BASE_URL: `${server.baseUrl}/partner/v1`, SVC_PARTNER_API_KEY: options.key ?? apiKey },
    fetch,
    // Fast polls and retries in tests; stopping wakes a sleeper at once.
    sleep: (ms) => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(ms, 50));
      controller.signal.addEventListener("abort", () => { clearTimeout(timer); resolve(); }, { once: true });
    }),
    signal: controller.signal,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  };
  const code = main(argv, io);
  return { code, out, err, stop: () => { controller.abort(); return code; } };
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const client = () => new PartnerClient({ baseUrl: `${server.baseUrl}/partner/v1`, apiKey });

describe("the local signer", () => {
  it("signs what the service's verifier and the standardwebhooks package accept", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    const body = JSON.stringify({ id: "5f0c6c1e-8a51-4d1b-9d5e-6b1f0b0c2a11", type: "attendee.created", createdAt: new Date().toISOString(), data: { name: "Zoë \u2028" } });
    const headers = signWebhook({ body, eventId: "5f0c6c1e-8a51-4d1b-9d5e-6b1f0b0c2a11", secret });
    expect(verifySignature({ rawBody: body, header: headers["X-Service-Signature"], secret })).toMatchObject({ ok: true });
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "attendee.created" });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it("keeps each feed item's exact bytes", () => {
    const item = '{"id":"a","data":{"2":"x","1":"y","s":"q\\"}\\u00e9,]"}}';
    const text = `{"meta":{"data":[1]},"data":[${item},{"id":"b","data":[]}],"x":"data"}`;
    expect(rawDataItems(text)).toEqual([item, '{"id":"b","data":[]}']);
    expect(rawDataItems('{"data":[],"meta":{"nextCursor":null}}')).toEqual([]);
  });
});

describe("svc-partner listen", () => {
  it("forwards a new event signed with the printed secret, byte for byte the feed's, and resumes after a restart", { timeout: 60_000 }, async () => {
    const home = newHome();
    const hook = await receiver();
    await client().attendees.create(draftEventId, { email: "before-listen@example.com" });

    const first = run(["listen", "--forward-to", hook.url, "--events", "attendee.created"], { home });
    await until(() => first.out.some((line) => line.startsWith("Forwarding")), "the listener to start");
    const secret = /Signing secret: (whsec_[A-Za-z0-9]{32})/.exec(first.out.join("\n"))?.[1];
    expect(secret).toBeDefined();
    expect(statSync(path.join(home, "webhook-secret")).mode & 0o777).toBe(0o600);

    const created = await client().attendees.create(draftEventId, { email: "during-listen@example.com" });
    const [delivery] = await hook.waitFor(1, 15_000);
    expect(delivery.path).toBe(new URL(hook.url).pathname);
    expect(delivery.body).toMatchObject({ type: "attendee.created", data: { id: created.id } });
    // Both schemes verify with the printed secret, through the SDK's verifier and the standardwebhooks package.
    expect(verifyWebhook(delivery.rawBody, delivery.headers["x-service-signature"] as string, secret!).id).toBe(delivery.body.id);
    expect(new Webhook(secret!).verify(delivery.rawBody, delivery.headers as Record<string, string>)).toMatchObject({ id: delivery.body.id });
    expect(delivery.headers["webhook-id"]).toBe(delivery.body.id);
    expect(delivery.headers["x-service-event-type"]).toBe("attendee.created");
    // The bytes every real delivery of this event carries (and the feed serves).
    const outbox = await getDb().webhookEvent.findUniqueOrThrow({ where: { id: delivery.body.id } });
    expect(delivery.rawBody).toBe(webhookBody(outbox));
    await until(() => first.out.some((line) => line.includes(delivery.body.id) && line.includes("[200]")), "the forwarded line");
    expect(await first.stop()).toBe(0);
    expect(first.err).toEqual([]);

    // Stopped: this event waits in the feed; the restart forwards it and nothing twice.
    const missed = await client().attendees.create(draftEventId, { email: "while-stopped@example.com" });
    const second = run(["listen", "--forward-to", hook.url, "--events", "attendee.created"], { home });
    await hook.waitFor(2, 15_000);
    expect(hook.received[1].body.data.id).toBe(missed.id);
    expect(second.out.join("\n")).toContain(`Signing secret: ${secret}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await second.stop()).toBe(0);
    expect(hook.received.map((request) => request.body.data.id)).toEqual([created.id, missed.id]);

    const printed = run(["listen", "--print-secret"], { home });
    expect(await printed.code).toBe(0);
    expect(printed.out).toEqual([secret]);
  });

  it("holds an event while the receiver fails and delivers it, never skipping to the next", { timeout: 60_000 }, async () => {
    const home = newHome();
    let failures = 3;
    const hook = await receiver(() => (failures-- > 0 ? { status: 503, body: "down" } : { status: 204 }));
    const listening = run(["listen", "--forward-to", hook.url, "--events", "attendee.created,attendee.updated"], { home });
    await until(() => listening.out.some((line) => line.startsWith("Forwarding")), "the listener to start");
    const attendee = await client().attendees.create(draftEventId, { email: "retried@example.com" });
    await client().attendees.update(draftEventId, attendee.id, { jobTitle: "Chair" });
    await hook.waitFor(5, 20_000);
    await listening.stop();
    const order = hook.received.map((request) => `${request.body.type} ${request.headers["x-service-delivery-attempt"]}`);
    expect(order.slice(0, 5)).toEqual(["attendee.created 1", "attendee.created 2", "attendee.created 3", "attendee.created 4", "attendee.updated 1"]);
    expect(listening.out.filter((line) => line.includes("[503]") && line.includes("retrying in"))).toHaveLength(3);
  });

  it("refuses bad input with one line and a non-zero exit", { timeout: 30_000 }, async () => {
    const home = newHome();
    const hook = await receiver();
    const revoked = await createTestKey(orgId);
    await revokeApiKey(revoked.id, orgId, OPERATOR);
    const closedPort = await (async () => {
      const gone = await startWebhookReceiver();
      await gone.close();
      return gone.url;
    })();
    const cases: [string[], string | undefined, number, RegExp][] = [
      [["listen", "--forward-to", "ftp://127.0.0.1/hooks"], undefined, 2, /--forward-to must be an http:\/\/ or https:\/\/ URL/],
      [["listen", "--forward-to", "not a url"], undefined, 2, /is not a URL/],
      [["listen"], undefined, 2, /needs --forward-to/],
      [["listen", "--forward-to", closedPort], undefined, 1, /cannot reach the receiver at .*ECONNREFUSED/],
      [["listen", "--forward-to", hook.url], revoked.secret, 1, /the API refused the key \(401 UNAUTHORIZED/],
      [["listen", "--forward-to", hook.url, "--events", "attendee.exploded"], undefined, 1, /400 INVALID_INPUT/],
      [["listen", "--forward-to", hook.url, "--bogus"], undefined, 2, /Unknown option '--bogus'/],
      [["trigger", "attendee.deleted", "--event-id", draftEventId], undefined, 2, /trigger takes one of attendee\.created, attendee\.updated/],
      [["trigger", "attendee.created"], undefined, 2, /needs --event-id/],
      [["trigger", "attendee.created", "--event-id", publishedEventId], undefined, 1, /"CLI Live" is published, not a draft.*--yes/],
      [["trigger", "attendee.created", "--event-id", "00000000-0000-4000-8000-000000000000"], undefined, 1, /404 NOT_FOUND/],
      [["deploy"], undefined, 2, /unknown command "deploy"/],
    ];
    for (const [argv, key, exitCode, message] of cases) {
      const attempt = run(argv, { home, key });
      expect(await attempt.code, argv.join(" ")).toBe(exitCode);
      expect(attempt.err, argv.join(" ")).toHaveLength(1);
      expect(attempt.err[0], argv.join(" ")).toMatch(message);
    }
    expect(hook.received).toEqual([]);
  });
});

describe("svc-partner trigger", () => {
  it("creates and updates a clearly named test attendee on a draft event, and on a published one only with --yes", { timeout: 30_000 }, async () => {
    const home = newHome();
    const created = run(["trigger", "attendee.created", "--event-id", draftEventId], { home });
    expect(await created.code).toBe(0);
    const id = /Created test attendee ([0-9a-f-]{36})/.exec(created.out[0])?.[1];
    const attendee = await client().attendees.get(draftEventId, id!);
    expect(attendee).toMatchObject({ displayName: "svc-partner test attendee", email: expect.stringMatching(/^svc-partner-test-[0-9a-f]{8}@example\.com$/) });

    const updated = run(["trigger", "attendee.updated", "--event-id", draftEventId, "--attendee-id", id!], { home });
    expect(await updated.code).toBe(0);
    expect((await client().attendees.get(draftEventId, id!)).jobTitle).toMatch(/^Updated by svc-partner at /);

    const forced = run(["trigger", "attendee.created", "--event-id", publishedEventId, "--yes"], { home });
    expect(await forced.code).toBe(0);
    const feed = await client().webhookEvents.list({ types: ["attendee.created", "attendee.updated"] }).toArray();
    expect(feed.filter((event) => "id" in event.data && event.data.id === id).map((event) => event.type)).toEqual(["attendee.created", "attendee.updated"]);
  });
});

describe("svc-partner logs", () => {
  it("prints the key's own recent requests, newest first, filtered by status", { timeout: 30_000 }, async () => {
    const home = newHome();
    const own = await createTestKey(orgId);
    const call = (path: string) => fetch(`${server.baseUrl}/partner/v1${path}`, { headers: { Authorization: `Bearer ${own.secret}` } });
    await call("/me");
    await call("/events/00000000-0000-4000-8000-000000000000");
    await flushRequestLog();
    const all = run(["logs"], { home, key: own.secret });
    expect(await all.code).toBe(0);
    expect(all.out).toHaveLength(2);
    expect(all.out[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}404 GET \/events\/\{eventId\} +NOT_FOUND +\d+ ms {2}req_[0-9a-f]{32}$/);
    expect(all.out[1]).toMatch(/ 200 GET \/me /);
    const errors = run(["logs", "--status", "4xx"], { home, key: own.secret });
    expect(await errors.code).toBe(0);
    expect(errors.out.every((line) => / 4\d\d /.test(line))).toBe(true);
    const bad = run(["logs", "--status", "3xx"], { home, key: own.secret });
    expect(await bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/400 INVALID_INPUT/);
    const badLimit = run(["logs", "--limit", "0"], { home, key: own.secret });
    expect(await badLimit.code).toBe(2);
    expect(badLimit.err).toEqual(["svc-partner: --limit must be a whole number from 1 to 200."]);
  });
});
