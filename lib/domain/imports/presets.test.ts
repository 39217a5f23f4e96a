import { OPERATOR } from "@/lib/domain/audit/record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createDataSource } from "./data-sources";
import { DATA_SOURCE_PRESETS, applyPreset, findPreset } from "./presets";
import { runImport } from "./run-import";
import { eventbritePages, hubspotPage, pretixPage, titoPage } from "@/lib/testing/preset-fixtures";
import { sendJson, startPartnerServer, type PartnerServer } from "@/lib/testing/partner-server";

// Each preset against a local server answering in the provider's documented shape: the
// preset's URL (moved to the local origin), paging, auth and mapping, through a real run.

let partner: PartnerServer;
let orgId: string;
const TOKEN = "preset-token-0a1b2c";

beforeAll(async () => {
  partner = await startPartnerServer();
  orgId = (await createTestOrg()).id;
});
afterAll(async () => {
  await partner.close();
  await getDb().organization.delete({ where: { id: orgId } });
});

/** Creates a source from the preset with its URL moved to the local server, runs it, returns the run and the attendees. */
async function runPreset(id: string, values: Record<string, string>) {
  const preset = findPreset(id)!;
  const applied = applyPreset(preset, values);
  if (!applied.ok) throw new Error(`missing ${applied.missing.join(", ")}`);
  const real = new URL(applied.config.url);
  const local = id === "pretix" ? applied.config.url : `${partner.baseUrl}${real.pathname}${real.search}`;
  const eventId = (await createTestEvent(orgId)).id;
  const source = await createDataSource(orgId, { name: preset.label, eventId, ...applied.config, url: local }, OPERATOR);
  const run = await runImport(source.id, { trigger: "manual" });
  const attendees = await getDb().attendee.findMany({ where: { eventId }, orderBy: { email: "asc" }, select: { email: true, displayName: true, company: true, jobTitle: true } });
  return { run, attendees, real, sourceId: source.id };
}

const search = (path: string) => new URL(path, "http://x").searchParams;

describe("presets", () => {
  it("every preset asks for a token and fills a valid configuration", () => {
    for (const preset of DATA_SOURCE_PRESETS) {
      expect(preset.inputs.some((input) => input.secret)).toBe(true);
      const missing = applyPreset(preset, {});
      expect(missing.ok).toBe(false);
    }
  });

  it("Eventbrite: bearer token, continuation cursor, profile fields; changed_since on the next run", async () => {
    partner.route("/v3/events/123456789012/attendees/", (req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return sendJson(res, { error: "INVALID_AUTH" }, { status: 401 });
      sendJson(res, search(req.url!).get("continuation") === "dGhpcyBpcyBwYWdlIDI" ? eventbritePages[1] : eventbritePages[0]);
    });
    partner.requests.length = 0;
    const { run, attendees, real, sourceId } = await runPreset("eventbrite", { event_id: "123456789012", token: TOKEN });
    expect(real.origin).toBe("https://www.eventbriteapi.com");
    expect(run.status).toBe("succeeded");
    expect(run.counts).toMatchObject({ fetched: 5, created: 3, skipped: 0, excluded: 2 });
    // Named by Eventbrite's attendee id, and never imported.
    expect(run.excludedRecords).toEqual([
      { index: 3, sourceId: "1004", reason: "Skipped by rule: cancelled is true." },
      { index: 4, sourceId: "1005", reason: "Skipped by rule: refunded is true." },
    ]);
    expect(attendees.map((a) => a.email)).not.toContain("charles@example.com");
    expect(attendees.map((a) => a.email)).not.toContain("mary@example.com");
    expect(attendees[0]).toEqual({ email: "ada@example.com", displayName: "Ada Lovelace", company: "Analytical Engines", jobTitle: "Mathematician" });
    expect(partner.requests.map((r) => r.path)).toEqual(["/v3/events/123456789012/attendees/", "/v3/events/123456789012/attendees/?continuation=dGhpcyBpcyBwYWdlIDI"]);
    await runImport(sourceId, { trigger: "manual" });
    expect(search(partner.requests[2].path).get("changed_since")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it("Tito: Token token= header, page[number] and page[size]; a void ticket is left out, an incomplete one kept", async () => {
    partner.route("/v3/acme/conf-26/tickets", (req, res) => {
      if (req.headers.authorization !== `Token token=${TOKEN}`) return sendJson(res, { errors: ["unauthorized"] }, { status: 401 });
      const q = search(req.url!);
      expect(q.get("page[size]")).toBe("100");
      sendJson(res, titoPage(Number(q.get("page[number]"))));
    });
    partner.requests.length = 0;
    const { run, attendees } = await runPreset("tito", { account_slug: "acme", event_slug: "conf-26", token: TOKEN });
    expect(run.counts).toMatchObject({ created: 100, excluded: 1 });
    expect(run.excludedRecords).toEqual([{ index: 49, sourceId: "ABCD-50", reason: 'Skipped by rule: state is "void".' }]);
    expect(attendees.map((a) => a.email)).toContain("tito3@example.com");
    expect(partner.requests).toHaveLength(2);
    expect(attendees.find((a) => a.email === "tito1@example.com")).toMatchObject({ displayName: "Person 1", company: "Tito Ltd" });
  });

  it("pretix: Token header, paid orders only, next links; a canceled position is left out, one without an email skipped by its id", async () => {
    partner.route("/api/v1/organizers/acme/events/conf26/orderpositions/", (req, res) => {
      if (req.headers.authorization !== `Token ${TOKEN}`) return sendJson(res, { detail: "Invalid token." }, { status: 401 });
      if (search(req.url!).get("page") === null) expect(search(req.url!).get("order__status")).toBe("p");
      sendJson(res, pretixPage(partner.baseUrl, Number(search(req.url!).get("page") ?? "1")));
    });
    const { run, attendees } = await runPreset("pretix", { base_url: `${partner.baseUrl}/`, organizer: "acme", event: "conf26", token: TOKEN });
    expect(run.counts).toMatchObject({ fetched: 4, created: 2, skipped: 1, excluded: 1 });
    expect(run.recordErrors).toEqual([expect.objectContaining({ index: 2, sourceId: "3", field: "email" })]);
    expect(run.excludedRecords).toEqual([{ index: 3, sourceId: "4", reason: "Skipped by rule: canceled is true." }]);
    expect(attendees[0]).toMatchObject({ email: "p1@example.com", displayName: "Peter Pan", company: "Neverland" });
  });

  it("HubSpot: bearer token, paging.next.after cursor, properties", async () => {
    partner.route("/crm/v3/objects/contacts", (req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return sendJson(res, { status: "error", category: "INVALID_AUTHENTICATION" }, { status: 401 });
      const q = search(req.url!);
      expect(q.get("properties")).toContain("email");
      sendJson(res, hubspotPage(partner.baseUrl, q.get("after")));
    });
    const { run, attendees } = await runPreset("hubspot", { token: TOKEN });
    expect(run.counts).toMatchObject({ created: 2, excluded: 1 });
    expect(run.excludedRecords).toEqual([{ index: 2, sourceId: "103", reason: "Skipped by rule: archived is true." }]);
    expect(attendees).toEqual([
      { email: "h1@example.com", displayName: "Hannah", company: "Acme", jobTitle: "Buyer" },
      { email: "h2@example.com", displayName: "Hugo", company: "Globex", jobTitle: "Buyer" },
    ]);
  });
});
