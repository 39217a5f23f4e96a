import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";
import { setBilling } from "@/lib/domain/orgs/organizations";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createConsoleUser } from "@/lib/testing/console-session";

// The data-source server actions of the console with a real database and a real partner
// API; only the session (and Next's after(), which needs a request) is stubbed. Who may
// do what, the JSON payload of the editor, preview, runs (inline: no Inngest in tests)
// and their progress.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
const deferred = vi.hoisted(() => [] as (() => Promise<unknown>)[]);
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/server", () => ({ after: (task: () => Promise<unknown>) => void deferred.push(task) }));

const actions = await import("./actions");

const TOKEN = "tok-9d2b";
let partner: PartnerServer;
let delayMs = 0;
let orgId: string;
let eventId: string;
let admin: SessionUser;
let member: SessionUser;
let outsider: SessionUser;


function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const RECORDS = [
  { contact: { email: " A@Example.com " }, name: "Ann" },
  { contact: { email: "b@example.com" }, name: "Bob" },
  { contact: {}, name: "Nobody" },
];

function draft(overrides: Record<string, unknown> = {}) {
  return {
    name: "Registrations",
    eventId,
    target: "attendees",
    url: `${partner.baseUrl}/people`,
    headers: [{ name: "X-Token", value: TOKEN }],
    recordsPath: "items",
    nextPagePath: null,
    schedule: "manual",
    mapping: { fields: { email: { path: "contact.email", transform: ["trim", "lowercase"] }, displayName: { path: "name" } } },
    ...overrides,
  };
}

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.route("/people", async (req, res) => {
    if (req.headers["x-token"] !== TOKEN) return sendJson(res, { error: "no" }, { status: 401 });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    sendJson(res, { items: RECORDS });
  });
  orgId = (await createTestOrg({ plan: "card" })).id;
  eventId = (await createTestEvent(orgId)).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
  outsider = await createConsoleUser((await createTestOrg()).id, "admin");
});
afterAll(async () => partner?.close());

async function createSource(): Promise<string> {
  session.user = admin;
  const result = await actions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) }));
  if (!result.ok) throw new Error(`${result.message} ${JSON.stringify(result.fields)}`);
  return result.data.id;
}

describe("data-source actions", () => {
  it("previews a draft without writing: mapped records, skip reasons and the source's paths", async () => {
    session.user = admin;
    const result = await actions.previewDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) }));
    expect(result).toMatchObject({ ok: true, message: "Sample fetched: 2 of 3 records would be imported." });
    if (!result.ok) return;
    expect(result.data.paths).toEqual(["contact.email", "name", "contact"]);
    expect(result.data.records.map((r) => r.mapped)).toEqual([
      { ok: true, value: { email: "a@example.com", displayName: "Ann" } },
      { ok: true, value: { email: "b@example.com", displayName: "Bob" } },
      { ok: false, reason: 'email: no value at "contact.email".', field: "email" },
    ]);
    expect(await getDb().dataSource.count({ where: { orgId } })).toBe(0);
  });

  it("saves a source with its header value sealed, and edits it keeping a blank header value", async () => {
    const id = await createSource();
    const row = await getDb().dataSource.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ orgId, eventId, headerNames: ["X-Token"], createdById: admin.id });
    expect(row.headersCiphertext).not.toContain(TOKEN);

    const edited = await actions.updateDataSourceAction(
      null,
      form({ orgId, dataSourceId: id, payload: JSON.stringify({ name: "Renamed", headers: [{ name: "X-Token" }], schedule: "daily" }) }),
    );
    expect(edited).toMatchObject({ ok: true, data: { id } });
    const run = await actions.runNowAction(null, form({ orgId, dataSourceId: id }));
    // The kept header still opens the partner's API.
    expect(run).toMatchObject({ ok: true, data: { mode: "finished", run: { status: "partial", counts: { fetched: 3, created: 2, skipped: 1 } } } });
  });

  it("reports the library's validation at the editor's dotted paths, and an unreadable payload", async () => {
    session.user = admin;
    const bad = await actions.createDataSourceAction(
      null,
      form({ orgId, payload: JSON.stringify(draft({ url: "https://10.0.0.8/x", headers: [{ name: "Host", value: "x" }], mapping: { fields: {} } })) }),
    );
    expect(bad).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(bad.ok ? {} : bad.fields).toMatchObject({
      "headers.0.name": "This header is set by the service and cannot be configured.",
      "mapping.fields.email": "Map email: it is required.",
    });
    const refusedUrl = await actions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft({ url: "https://10.0.0.8/x" })) }));
    expect(refusedUrl).toMatchObject({ ok: false, fields: { url: expect.stringMatching(/^The address 10\.0\.0\.8 is a private network address\. .*tunnel such as ngrok or cloudflared/) } });
    expect(await actions.createDataSourceAction(null, form({ orgId, payload: "{not json" }))).toMatchObject({ ok: false, code: "INVALID_INPUT", reason: "invalid_body" });
  });

  it("runs inline and answers with the finished run; refuses a second run while one holds the source", async () => {
    const id = await createSource();
    const run = await actions.runNowAction(null, form({ orgId, dataSourceId: id }));
    expect(run).toMatchObject({ ok: true, data: { mode: "finished", run: { status: "partial", counts: { created: 0, unchanged: 2 } } } });
    await getDb().dataSource.update({ where: { id }, data: { runLeaseUntil: new Date(Date.now() + 60_000) } });
    expect(await actions.runNowAction(null, form({ orgId, dataSourceId: id }))).toMatchObject({ ok: false, code: "CONFLICT", reason: "run_in_progress" });
    await getDb().dataSource.update({ where: { id }, data: { runLeaseUntil: null } });
  });

  it("answers a long run at once with its id, finishes it after the response, and its progress can be polled", async () => {
    const id = await createSource();
    delayMs = 2500;
    try {
      deferred.length = 0;
      const started = await actions.runNowAction(null, form({ orgId, dataSourceId: id }));
      expect(started).toMatchObject({ ok: true, data: { mode: "running", runId: expect.any(String) } });
      const runId = started.ok && started.data.mode === "running" ? started.data.runId! : "";
      session.user = member;
      expect(await actions.runProgressAction(orgId, runId)).toMatchObject({ ok: true, data: { id: runId, status: "running" } });
      // What after() was handed: the run's completion (and the webhook dispatch of what it changed).
      while (deferred.length) await deferred.shift()!();
      expect(await actions.runProgressAction(orgId, runId)).toMatchObject({ ok: true, data: { status: "partial" } });
      expect(await actions.latestRunAction(orgId, id, new Date(Date.now() - 60_000))).toMatchObject({ ok: true, data: { id: runId } });
      session.user = outsider;
      expect(await actions.runProgressAction(orgId, runId)).toMatchObject({ ok: false, code: "NOT_FOUND" });
    } finally {
      delayMs = 0;
    }
  });

  it("refuses every change by a member (admin_required) and answers not found to an outsider", async () => {
    const id = await createSource();
    const calls = [
      () => actions.createDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) })),
      () => actions.updateDataSourceAction(null, form({ orgId, dataSourceId: id, payload: JSON.stringify({ name: "Hijacked" }) })),
      () => actions.previewDataSourceAction(null, form({ orgId, payload: JSON.stringify(draft()) })),
      () => actions.runNowAction(null, form({ orgId, dataSourceId: id })),
      () => actions.deleteDataSourceAction(null, form({ orgId, dataSourceId: id })),
    ];
    for (const [user, expected] of [
      [member, { ok: false, code: "FORBIDDEN", reason: "admin_required" }],
      [outsider, { ok: false, code: "NOT_FOUND" }],
    ] as const) {
      session.user = user;
      for (const call of calls) expect(await call()).toMatchObject(expected);
    }
    expect(await getDb().dataSource.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Registrations" });
    expect(await getDb().dataSourceRun.count({ where: { dataSourceId: id } })).toBe(0);

    session.user = admin;
    expect(await actions.deleteDataSourceAction(null, form({ orgId, dataSourceId: id }))).toMatchObject({ ok: true });
    expect(await getDb().dataSource.findUnique({ where: { id } })).toBeNull();
  });

  it("refuses creating, previewing and running while integrations are locked, with the API's reason", async () => {
    const locked = await createTestOrg({ plan: "card" });
    const lockedEvent = await createTestEvent(locked.id);
    session.user = await createConsoleUser(locked.id, "admin");
    const created = await actions.createDataSourceAction(null, form({ orgId: locked.id, payload: JSON.stringify(draft({ eventId: lockedEvent.id })) }));
    const id = created.ok ? created.data.id : "";
    await setBilling(locked.id, { plan: "free" }, OPERATOR);
    const expected = { ok: false, code: "PAYMENT_REQUIRED", reason: "payment_required" };
    expect(await actions.createDataSourceAction(null, form({ orgId: locked.id, payload: JSON.stringify(draft({ eventId: lockedEvent.id })) }))).toMatchObject(expected);
    expect(await actions.previewDataSourceAction(null, form({ orgId: locked.id, payload: JSON.stringify(draft({ eventId: lockedEvent.id })) }))).toMatchObject(expected);
    expect(await actions.runNowAction(null, form({ orgId: locked.id, dataSourceId: id }))).toMatchObject(expected);
    expect(await getDb().dataSourceRun.count({ where: { dataSourceId: id } })).toBe(0);
  });
});

// A saved header value is only ever sent to the origin it was saved for.
// Two partner servers on different ports are two origins; each records what it received.
describe("stored header values follow the origin they were saved for", () => {
  let other: PartnerServer;
  beforeAll(async () => {
    other = await startPartnerServer();
    other.route("/people", (_req, res) => sendJson(res, { items: RECORDS, next: null }));
  });
  afterAll(async () => other?.close());

  const tokensSeenBy = (server: PartnerServer) => server.requests.map((request) => request.headers["x-token"]).filter(Boolean);

  it("previewing a saved source against another origin does not send the saved value, and asks for it again", async () => {
    const id = await createSource();
    const payload = draft({ dataSourceId: id, url: `${other.baseUrl}/people`, headers: [{ name: "X-Token" }] });
    const result = await actions.previewDataSourceAction(null, form({ orgId, payload: JSON.stringify(payload) }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    if (result.ok) return;
    expect(result.fields?.["headers.0.value"]).toMatch(/another site: enter the value of X-Token again/);
    expect(tokensSeenBy(other)).toEqual([]);

    // Re-entered in the same request, the new origin gets exactly the new value.
    const reentered = draft({ dataSourceId: id, url: `${other.baseUrl}/people`, headers: [{ name: "X-Token", value: "tok-other" }] });
    expect(await actions.previewDataSourceAction(null, form({ orgId, payload: JSON.stringify(reentered) }))).toMatchObject({ ok: true });
    expect(tokensSeenBy(other)).toEqual(["tok-other"]);
    // On the saved origin the saved value is still reused.
    const before = tokensSeenBy(partner).length;
    const same = draft({ dataSourceId: id, url: `${partner.baseUrl}/people?page=1`, headers: [{ name: "X-Token" }] });
    expect(await actions.previewDataSourceAction(null, form({ orgId, payload: JSON.stringify(same) }))).toMatchObject({ ok: true });
    expect(tokensSeenBy(partner).slice(before)).toEqual([TOKEN]);
  });

  it("an update moving the URL to another origin drops saved values unless re-entered; the next run sends none to it", async () => {
    const id = await createSource();
    const keepRow = await actions.updateDataSourceAction(
      null,
      form({ orgId, dataSourceId: id, payload: JSON.stringify({ url: `${other.baseUrl}/people`, headers: [{ name: "X-Token" }] }) }),
    );
    expect(keepRow).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await getDb().dataSource.findUniqueOrThrow({ where: { id } })).toMatchObject({ url: `${partner.baseUrl}/people`, headerNames: ["X-Token"] });

    // Headers left out (as the CLI may send): the URL changes and the stored values go.
    const moved = await actions.updateDataSourceAction(null, form({ orgId, dataSourceId: id, payload: JSON.stringify({ url: `${other.baseUrl}/people` }) }));
    expect(moved).toMatchObject({ ok: true });
    expect(await getDb().dataSource.findUniqueOrThrow({ where: { id } })).toMatchObject({ headerNames: [], headersCiphertext: null });
    const seen = other.requests.length;
    expect(await actions.runNowAction(null, form({ orgId, dataSourceId: id }))).toMatchObject({ ok: true, data: { mode: "finished" } });
    expect(other.requests.length).toBeGreaterThan(seen);
    expect(other.requests.slice(seen).map((request) => request.headers["x-token"])).toEqual([undefined]);
  });

  it("a run's next page on another origin does not receive the saved value", async () => {
    partner.route("/paged", (req, res) => {
      if (req.headers["x-token"] !== TOKEN) return sendJson(res, { error: "no" }, { status: 401 });
      sendJson(res, { items: RECORDS.slice(0, 1), next: `${other.baseUrl}/people` });
    });
    const id = await createSource();
    session.user = admin;
    expect(
      await actions.updateDataSourceAction(null, form({ orgId, dataSourceId: id, payload: JSON.stringify({ url: `${partner.baseUrl}/paged`, nextPagePath: "next" }) })),
    ).toMatchObject({ ok: true });
    const seen = other.requests.length;
    const run = await actions.runNowAction(null, form({ orgId, dataSourceId: id }));
    expect(run).toMatchObject({ ok: true, data: { mode: "finished" } });
    expect(other.requests.length).toBe(seen + 1);
    expect(other.requests[seen].headers["x-token"]).toBeUndefined();
  });
});

// A partner's words reach the run history bounded (2 KB, marked when cut).
describe("partner text in a run's errors", () => {
  it("stores a fetch error quoting the partner's response at most 2 KB long, marked as cut", async () => {
    const longKey = `<img src=x onerror=alert(1)>${"k".repeat(6_000)}`;
    partner.route("/odd", (req, res) => {
      if (req.headers["x-token"] !== TOKEN) return sendJson(res, { error: "no" }, { status: 401 });
      sendJson(res, { [longKey]: [] });
    });
    const id = await createSource();
    session.user = admin;
    expect(
      await actions.updateDataSourceAction(null, form({ orgId, dataSourceId: id, payload: JSON.stringify({ url: `${partner.baseUrl}/odd`, headers: [{ name: "X-Token" }] }) })),
    ).toMatchObject({ ok: true });
    const run = await actions.runNowAction(null, form({ orgId, dataSourceId: id }));
    expect(run).toMatchObject({ ok: true, data: { mode: "finished", run: { status: "failed" } } });
    const stored = await getDb().dataSourceRun.findFirstOrThrow({ where: { dataSourceId: id } });
    expect(stored.fetchError).toContain("<img src=x onerror=alert(1)>kkk");
    expect(Buffer.byteLength(stored.fetchError!, "utf8")).toBeLessThanOrEqual(2048);
    expect(stored.fetchError!.endsWith("… [truncated]")).toBe(true);
  });
});
