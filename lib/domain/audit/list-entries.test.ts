import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { describeAction } from "./actions";
import { auditActionChoices, listAuditEntries } from "./list-entries";
import { pruneAuditLog } from "./prune";

// The audit log's query: scoped to one organization, newest first, keyset-paged, and each
// filter narrowing it; the yearly prune; actions of other capabilities read generically.

let orgA: string;
let orgB: string;
const userId = "6a1f7c2e-0000-4000-8000-000000000001";
const base = Date.parse("2026-06-01T12:00:00Z");

beforeAll(async () => {
  orgA = (await createTestOrg()).id;
  orgB = (await createTestOrg()).id;
  const user = await getDb().user.create({ data: { id: userId, email: `audit-${orgA.slice(0, 8)}@example.com` } });
  const row = (orgId: string, minutes: number, extra: Record<string, unknown>) => ({
    orgId,
    at: new Date(base + minutes * 60_000),
    actorType: "operator",
    actorLabel: "operator",
    action: "api_key.created",
    targetType: "api_key",
    targetLabel: "Key",
    ...extra,
  });
  await getDb().auditEntry.createMany({
    data: [
      ...Array.from({ length: 5 }, (_, i) => row(orgA, i, { targetLabel: `Key ${i}`, targetId: `k${i}` })),
      row(orgA, 10, { actorType: "user", actorId: user.id, actorLabel: user.email, action: "webhook_endpoint.created", targetType: "webhook_endpoint", targetLabel: "https://crm.example.com/hook" }),
      row(orgA, 20, { action: "session.updated", targetType: "session", targetLabel: "Keynote" }),
      row(orgB, 30, { targetLabel: "B's key" }),
    ],
  });
});

describe("listAuditEntries", () => {
  it("lists one organization's entries, newest first", async () => {
    const { entries, next } = await listAuditEntries(orgA);
    expect(entries.map((entry) => entry.target.label)).toEqual(["Keynote", "https://crm.example.com/hook", "Key 4", "Key 3", "Key 2", "Key 1", "Key 0"]);
    expect(next).toBeNull();
    expect((await listAuditEntries(orgB)).entries.map((entry) => entry.target.label)).toEqual(["B's key"]);
    expect((await listAuditEntries("not-a-uuid")).entries).toEqual([]);
  });

  it("pages by (time, id) without repeating or skipping", async () => {
    const first = await listAuditEntries(orgA, { limit: 3 });
    expect(first.entries).toHaveLength(3);
    const second = await listAuditEntries(orgA, { limit: 3, after: first.next! });
    const third = await listAuditEntries(orgA, { limit: 3, after: second.next! });
    expect(third.next).toBeNull();
    const labels = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.target.label);
    expect(labels).toEqual((await listAuditEntries(orgA)).entries.map((entry) => entry.target.label));
  });

  it("filters by actor, action, target type, target label or id, and time range", async () => {
    const labels = async (filter: Parameters<typeof listAuditEntries>[1]) => (await listAuditEntries(orgA, filter)).entries.map((entry) => entry.target.label);
    expect(await labels({ actor: userId })).toEqual(["https://crm.example.com/hook"]);
    expect(await labels({ actor: "operator", action: "session.updated" })).toEqual(["Keynote"]);
    expect(await labels({ actor: "nobody" })).toEqual([]);
    expect(await labels({ targetType: "webhook_endpoint" })).toEqual(["https://crm.example.com/hook"]);
    expect(await labels({ target: "CRM.example" })).toEqual(["https://crm.example.com/hook"]);
    expect(await labels({ target: "k2" })).toEqual(["Key 2"]);
    expect(await labels({ from: new Date(base + 2 * 60_000), to: new Date(base + 4 * 60_000) })).toEqual(["Key 3", "Key 2"]);
  });

  it("offers every known action and any other the organization recorded", async () => {
    const choices = await auditActionChoices(orgA);
    expect(choices).toContain("api_key.revoked");
    expect(choices).toContain("session.updated");
  });
});

describe("describeAction", () => {
  it("reads a known action by its label and any other generically", () => {
    expect(describeAction("webhook_endpoint.secret_rolled")).toBe("Webhook signing secret rolled");
    expect(describeAction("session.updated")).toBe("Session updated");
    expect(describeAction("info_section.moved")).toBe("Info section moved");
  });
});

describe("pruneAuditLog", () => {
  it("deletes entries older than one year, in every organization", async () => {
    const org = (await createTestOrg()).id;
    const now = new Date("2027-07-01T00:00:00Z");
    await getDb().auditEntry.createMany({
      data: [
        { orgId: org, at: new Date("2026-06-30T23:00:00Z"), actorType: "operator", actorLabel: "operator", action: "billing.changed", targetType: "organization" },
        { orgId: org, at: new Date("2026-07-01T01:00:00Z"), actorType: "operator", actorLabel: "operator", action: "billing.changed", targetType: "organization" },
      ],
    });
    const { auditEntries } = await pruneAuditLog(now);
    expect(auditEntries).toBeGreaterThanOrEqual(1);
    const left = await getDb().auditEntry.findMany({ where: { orgId: org } });
    expect(left.map((entry) => entry.at.toISOString())).toEqual(["2026-07-01T01:00:00.000Z"]);
  });
});
