import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import type { AppError } from "@/lib/platform/errors/app-error";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import {
  createDataSource,
  deleteDataSource,
  getDataSource,
  getDataSourceRun,
  listDataSourceRuns,
  listDataSources,
  openSourceHeaders,
  updateDataSource,
} from "./data-sources";
import { previewDataSource } from "./preview";
import { runImport } from "./run-import";
import { startImportRun } from "./start-run";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Managing data sources: validation, tenancy, locks, and header secrets that go in once
// and never come back out.

const SECRET = "Bearer tok_live_9f8e7d6c5b4a";
const OTHER_SECRET = "k-1234567890-abcdef";

let partner: PartnerServer;
let orgId: string;
let eventId: string;

const mapping = { fields: { email: { path: "email" }, displayName: { path: "name" } } };

function input(extra: Record<string, unknown> = {}) {
  return {
    name: "Registrations",
    eventId,
    target: "attendees",
    url: `${partner.baseUrl}/guests`,
    headers: [
      { name: "Authorization", value: SECRET },
      { name: "X-Api-Key", value: OTHER_SECRET },
    ],
    mapping,
    ...extra,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err as AppError,
  );
  expect(error, "expected a refusal").not.toBeNull();
  return error!;
}

function expectNoSecrets(value: unknown) {
  const text = JSON.stringify(value);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain("tok_live");
  expect(text).not.toContain(OTHER_SECRET);
  expect(text).not.toContain("v1.");
  expect(text).not.toContain("headersCiphertext");
}

beforeAll(async () => {
  partner = await startPartnerServer();
  partner.route("/guests", (_req, res) =>
    sendJson(res, [
      { email: "a@example.com", name: "A", extra: { tier: "gold" } },
      { email: "bad address", name: "B" },
      { name: "no email" },
      { email: "d@example.com" },
      { email: "e@example.com" },
      { email: "f@example.com" },
    ]),
  );
  orgId = (await createTestOrg()).id;
  eventId = (await createTestEvent(orgId)).id;
});
afterAll(async () => partner.close());

describe("header secrets", () => {
  it("are sealed at rest and never returned by create, get, list or runs", async () => {
    const created = await createDataSource(orgId, input(), OPERATOR);
    expect(created.headerNames).toEqual(["Authorization", "X-Api-Key"]);
    expectNoSecrets(created);
    expectNoSecrets(await getDataSource(orgId, created.id));
    expectNoSecrets(await listDataSources(orgId));

    const row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.headersCiphertext).toMatch(/^v1\./);
    expect(row.headersCiphertext).not.toContain("tok_live");
    expect(row.headersCiphertext).not.toContain(Buffer.from(SECRET).toString("base64"));
    expect(openSourceHeaders(row)).toEqual({ Authorization: SECRET, "X-Api-Key": OTHER_SECRET });

    // The run sends them, and its record does not carry them.
    partner.requests.length = 0;
    const run = await runImport(created.id, { trigger: "manual" });
    expect(partner.requests[0].headers.authorization).toBe(SECRET);
    expect(partner.requests[0].headers["x-api-key"]).toBe(OTHER_SECRET);
    expectNoSecrets(run);
    expectNoSecrets(await listDataSourceRuns(orgId, created.id));
  });

  // Read-modify-write of secrets: an edit that keeps a saved value and an
  // edit that replaces it, at the same time, never end with the replaced (old) value.
  it("concurrent edits never write back a header value another edit just replaced", async () => {
    const created = await createDataSource(orgId, input({ headers: [{ name: "Authorization", value: SECRET }] }), OPERATOR);
    for (let round = 0; round < 8; round++) {
      const rotated = `Bearer rotated-${round}`;
      await Promise.all([
        updateDataSource(orgId, created.id, { name: `Renamed ${round}`, headers: [{ name: "Authorization" }] }, OPERATOR),
        updateDataSource(orgId, created.id, { headers: [{ name: "Authorization", value: rotated }] }, OPERATOR),
        updateDataSource(orgId, created.id, { schedule: round % 2 ? "daily" : "manual", headers: [{ name: "Authorization" }] }, OPERATOR),
      ]);
      expect(openSourceHeaders(await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } }))).toEqual({ Authorization: rotated });
    }
  });

  it("an edit keeps values it does not replace and drops names it leaves out", async () => {
    const created = await createDataSource(orgId, input(), OPERATOR);
    const edited = await updateDataSource(orgId, created.id, {
      headers: [{ name: "authorization" }, { name: "X-Extra", value: "new-value" }],
    }, OPERATOR);
    expect(edited.headerNames).toEqual(["authorization", "X-Extra"]);
    expectNoSecrets(edited);
    const row = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect(openSourceHeaders(row)).toEqual({ authorization: SECRET, "X-Extra": "new-value" });

    const replaced = await updateDataSource(orgId, created.id, { headers: [{ name: "Authorization", value: "Bearer rotated" }] }, OPERATOR);
    expect(replaced.headerNames).toEqual(["Authorization"]);
    expect(openSourceHeaders(await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } }))).toEqual({ Authorization: "Bearer rotated" });

    // Leaving headers out keeps them all; a new name without a value is refused.
    await updateDataSource(orgId, created.id, { name: "Renamed" }, OPERATOR);
    expect(openSourceHeaders(await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } }))).toEqual({ Authorization: "Bearer rotated" });
    const error = await refusal(updateDataSource(orgId, created.id, { headers: [{ name: "X-New" }] }, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details?.fields).toEqual({ "headers.0.value": { code: "custom", message: "Give the header X-New a value." } });

    // Removing every header clears the ciphertext.
    await updateDataSource(orgId, created.id, { headers: [] }, OPERATOR);
    const cleared = await getDb().dataSource.findUniqueOrThrow({ where: { id: created.id } });
    expect([cleared.headerNames, cleared.headersCiphertext]).toEqual([[], null]);
  });
});

describe("validation", () => {
  it.each([
    ["email not mapped", { mapping: { fields: { displayName: { path: "name" } } } }, "mapping.fields.email", "Map email: it is required."],
    ["unknown target field", { mapping: { fields: { email: { path: "e" }, phone: { path: "p" } } } }, "mapping.fields.phone", expect.stringContaining("Unknown target field")],
    ["sessions without sourceIdPath", { target: "sessions", mapping: { fields: { title: { path: "t" }, startAt: { path: "s" }, endAt: { path: "e" } } } }, "mapping.sourceIdPath", expect.stringContaining("Set sourceIdPath")],
    ["unknown target", { target: "speakers" }, "target", "The target is attendees or sessions."],
    ["plain http", { url: "http://partner.example/feed" }, "url", "The URL must start with https://."],
    ["a private address", { url: "https://10.1.2.3/feed" }, "url", "The address 10.1.2.3 is a private network address. Addresses on your own computer or private network (localhost, 127.0.0.1, 192.168.x.x…) cannot be reached from our servers: expose the API through a tunnel such as ngrok or cloudflared and use the public https:// address it gives you."],
    ["the metadata service", { url: "https://169.254.169.254/latest" }, "url", "The address 169.254.169.254 is a link-local address."],
    ["credentials in the URL", { url: "https://user:pw@93.184.215.14/feed" }, "url", "The URL must not contain a user name or password."],
    ["a header value with a line break", { headers: [{ name: "X-A", value: "a\r\nInjected: 1" }] }, "headers.0.value", "A header value cannot contain line breaks."],
    ["a header value with U+2028", { headers: [{ name: "X-A", value: "a\u2028b" }] }, "headers.0.value", "A header value cannot contain line breaks."],
    ["a header value with DEL", { headers: [{ name: "X-A", value: "del\u007f" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a header value with NUL", { headers: [{ name: "X-A", value: "nul\u0000" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a header value with ESC", { headers: [{ name: "X-A", value: "esc\u001b" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a header value with a C1 control", { headers: [{ name: "X-A", value: "c1\u0085" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a header value with Cyrillic", { headers: [{ name: "X-A", value: "Привет" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a header value with an emoji", { headers: [{ name: "X-A", value: "tok_😀" }] }, "headers.0.value", expect.stringContaining("printable ASCII and Latin-1")],
    ["a reserved header", { headers: [{ name: "Host", value: "evil" }] }, "headers.0.name", expect.stringContaining("set by the service")],
    ["a header listed twice", { headers: [{ name: "X-A", value: "1" }, { name: "x-a", value: "2" }] }, "headers.1.name", "The header x-a is listed twice."],
    ["a bad records path", { recordsPath: "data..items" }, "recordsPath", expect.stringContaining("single dots")],
    ["a bad schedule", { schedule: "weekly" }, "schedule", "The schedule is manual, hourly or daily."],
    ["an empty name", { name: "  " }, "name", "Give the data source a name."],
  ])("%s → 400 naming %s, and nothing saved", async (_name, patch, field, message) => {
    const before = await getDb().dataSource.count({ where: { orgId } });
    const error = await refusal(createDataSource(orgId, input(patch), OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details?.reason).toBe("invalid_body");
    expect((error.details?.fields as Record<string, { message: string }>)[field]?.message).toEqual(message);
    expect(await getDb().dataSource.count({ where: { orgId } })).toBe(before);
  });

  it("refuses to change the event or target of a saved source", async () => {
    const created = await createDataSource(orgId, input(), OPERATOR);
    const error = await refusal(updateDataSource(orgId, created.id, { target: "sessions" }, OPERATOR));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details?.issues).toEqual([expect.objectContaining({ message: expect.stringContaining("cannot change") })]);
    // A mapping edit is checked against the saved target.
    const bad = await refusal(updateDataSource(orgId, created.id, { mapping: { sourceIdPath: "id", fields: { title: { path: "t" } } } }, OPERATOR));
    expect(bad.details?.fields).toHaveProperty(["mapping.fields.email"]);
  });
});

describe("tenancy and locks", () => {
  it("answers 404 for another organization's event and source", async () => {
    const other = await createTestOrg();
    const otherEvent = await createTestEvent(other.id);
    expect((await refusal(createDataSource(orgId, input({ eventId: otherEvent.id }), OPERATOR))).code).toBe("NOT_FOUND");
    const mine = await createDataSource(orgId, input(), OPERATOR);
    for (const call of [
      () => getDataSource(other.id, mine.id),
      () => updateDataSource(other.id, mine.id, { name: "x" }, OPERATOR),
      () => deleteDataSource(other.id, mine.id, OPERATOR),
      () => listDataSourceRuns(other.id, mine.id),
      () => startImportRun(other.id, mine.id),
      () => getDataSource(orgId, "not-an-id"),
    ]) {
      expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    expect((await getDataSource(orgId, mine.id)).name).toBe("Registrations");
    expect(await listDataSources(other.id)).toEqual([]);
    const run = await runImport(mine.id, { trigger: "manual" });
    expect((await refusal(getDataSourceRun(other.id, run.id))).code).toBe("NOT_FOUND");
    expect((await getDataSourceRun(orgId, run.id)).id).toBe(run.id);
  });

  it("refuses creating, previewing and starting while integrations are locked; editing still works", async () => {
    const saved = await createDataSource(orgId, input(), OPERATOR);
    await getDb().organization.update({ where: { id: orgId }, data: { billingPlan: "free" } });
    try {
      for (const call of [
        () => createDataSource(orgId, input(), OPERATOR),
        () => previewDataSource(orgId, { ...input(), name: undefined }),
        () => startImportRun(orgId, saved.id),
      ]) {
        const error = await refusal(call());
        expect([error.code, error.status, error.details?.reason]).toEqual(["PAYMENT_REQUIRED", 402, "payment_required"]);
      }
      expect((await updateDataSource(orgId, saved.id, { name: "Edited while locked" }, OPERATOR)).name).toBe("Edited while locked");
    } finally {
      await getDb().organization.update({ where: { id: orgId }, data: { billingPlan: "card" } });
    }
  });
});

describe("lifecycle", () => {
  it("lists sources with their latest run, and deleting one keeps what it imported", async () => {
    const event = (await createTestEvent(orgId)).id;
    const created = await createDataSource(orgId, input({ eventId: event }), OPERATOR);
    expect((await listDataSources(orgId, { eventId: event })).map((s) => [s.id, s.lastRun])).toEqual([[created.id, null]]);
    const run = await runImport(created.id, { trigger: "manual" });
    const [listed] = await listDataSources(orgId, { eventId: event });
    expect(listed.lastRun).toMatchObject({ id: run.id, status: "partial", counts: { created: 4, skipped: 2 } });
    expect(listed.running).toBe(false);

    expect(await deleteDataSource(orgId, created.id, OPERATOR)).toEqual({ id: created.id });
    expect(await getDb().dataSourceRun.count({ where: { dataSourceId: created.id } })).toBe(0);
    expect(await getDb().attendee.count({ where: { eventId: event } })).toBe(4);
  });

  it("starts a run inline when Inngest is not configured, and refuses while one runs", async () => {
    const created = await createDataSource(orgId, input({ eventId: (await createTestEvent(orgId)).id }), OPERATOR);
    const started = await startImportRun(orgId, created.id);
    expect(started).toMatchObject({ mode: "inline", run: { status: "partial", trigger: "manual", counts: { created: 4 } } });
    await getDb().$executeRaw`UPDATE "DataSource" SET "runLeaseUntil" = now() + interval '60 seconds' WHERE id = ${created.id}::uuid`;
    const busy = await refusal(startImportRun(orgId, created.id));
    expect([busy.code, busy.details?.reason]).toEqual(["CONFLICT", "run_in_progress"]);
    expect((await getDataSource(orgId, created.id)).running).toBe(true);
  });
});

describe("preview", () => {
  const draft = (extra: Record<string, unknown> = {}) => {
    const { name: _name, schedule: _schedule, ...rest } = { ...input(), ...extra } as Record<string, unknown>;
    return rest;
  };

  it("shows the first 5 records as they would be imported, with the reason for each skipped one", async () => {
    const before = await getDb().attendee.count({ where: { eventId } });
    const preview = await previewDataSource(orgId, draft());
    expect(preview.fetchError).toBeNull();
    expect(preview.pageRecordCount).toBe(6);
    expect(preview.mappingErrors).toBeNull();
    expect(preview.paths).toEqual(["email", "name", "extra.tier"]);
    expect(preview.records.map((r) => [r.index, r.mapped])).toEqual([
      [0, { ok: true, value: { email: "a@example.com", displayName: "A" } }],
      [1, { ok: false, reason: "email must be an email address (no spaces, ASCII only).", field: "email", value: "bad address" }],
      [2, { ok: false, reason: 'email: no value at "email".', field: "email" }],
      [3, { ok: true, value: { email: "d@example.com" } }],
      [4, { ok: true, value: { email: "e@example.com" } }],
    ]);
    expect(preview.records[0].source).toEqual({ email: "a@example.com", name: "A", extra: { tier: "gold" } });
    // Nothing was written.
    expect(await getDb().attendee.count({ where: { eventId } })).toBe(before);
  });

  it("still shows the data while the mapping is incomplete, with the mapping's faults", async () => {
    const preview = await previewDataSource(orgId, draft({ mapping: { fields: { name: { path: "name" } } } }));
    expect(preview.records).toHaveLength(5);
    expect(preview.records.every((r) => r.mapped === null)).toBe(true);
    expect(preview.mappingErrors?.fields).toMatchObject({
      "mapping.fields.email": { message: "Map email: it is required." },
      "mapping.fields.name": { message: expect.stringContaining("Unknown target field") },
    });
    expect((await previewDataSource(orgId, draft({ mapping: undefined }))).mappingErrors).toBeNull();
  });

  it("maps sessions with their source id, zone and tracks", async () => {
    partner.route("/programme", (_req, res) => sendJson(res, { data: [{ id: 7, t: "Keynote", s: "2027-03-01T09:00", e: "2027-03-01T10:00" }] }));
    const preview = await previewDataSource(orgId, {
      eventId,
      target: "sessions",
      url: `${partner.baseUrl}/programme`,
      recordsPath: "data",
      mapping: { sourceIdPath: "id", fields: { title: { path: "t" }, startAt: { path: "s" }, endAt: { path: "e" } } },
    });
    expect(preview.records[0].mapped).toEqual({
      ok: true,
      value: { externalId: "7", title: "Keynote", startAt: "2027-03-01T08:00:00.000Z", endAt: "2027-03-01T09:00:00.000Z" },
    });
  });

  it("reports fetch problems as part of the answer", async () => {
    partner.route("/html", (_req, res) => sendJson(res, "<html>", { contentType: "text/html" }));
    const preview = await previewDataSource(orgId, draft({ url: `${partner.baseUrl}/html` }));
    expect(preview.fetchError).toContain("not JSON");
    expect(preview.records).toEqual([]);
  });

  it("uses a saved source's header values for rows left without one", async () => {
    const saved = await createDataSource(orgId, input(), OPERATOR);
    partner.requests.length = 0;
    await previewDataSource(orgId, draft({ dataSourceId: saved.id, headers: [{ name: "Authorization" }] }));
    expect(partner.requests[0].headers.authorization).toBe(SECRET);
    expect(partner.requests[0].headers["x-api-key"]).toBeUndefined();
    // Without a saved source there is nothing to fall back on.
    const error = await refusal(previewDataSource(orgId, draft({ headers: [{ name: "Authorization" }] })));
    expect(error.details?.fields).toHaveProperty(["headers.0.value"]);
  });
});
