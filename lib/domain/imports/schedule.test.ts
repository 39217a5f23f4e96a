import { OPERATOR } from "@/lib/domain/audit/record";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { createDataSource, updateDataSource } from "./data-sources";
import { claimDueDataSources, initialNextRunAt, nextSlotAfter } from "./schedule";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("schedule arithmetic", () => {
  it("is due at once when saved with a schedule, never when manual", () => {
    const now = at("2027-03-01T10:17:00Z");
    expect(initialNextRunAt("hourly", now)).toEqual(now);
    expect(initialNextRunAt("daily", now)).toEqual(now);
    expect(initialNextRunAt("manual", now)).toBeNull();
  });

  it.each([
    // The next slot counts from the slot taken, not from when the run finished.
    ["hourly", "2027-03-01T10:00:00Z", "2027-03-01T10:04:00Z", "2027-03-01T11:00:00Z"],
    ["daily", "2027-03-01T10:00:00Z", "2027-03-01T10:04:00Z", "2027-03-02T10:00:00Z"],
    // Missed slots are not replayed: the next one after now.
    ["hourly", "2027-03-01T10:00:00Z", "2027-03-01T13:30:00Z", "2027-03-01T14:00:00Z"],
    ["hourly", "2027-03-01T10:00:00Z", "2027-03-01T11:00:00Z", "2027-03-01T12:00:00Z"],
    ["daily", "2027-03-01T10:00:00Z", "2027-03-05T09:00:00Z", "2027-03-05T10:00:00Z"],
  ] as const)("%s slot %s taken at %s → next %s", (schedule, slot, now, expected) => {
    expect(nextSlotAfter(schedule, at(slot), at(now))).toEqual(at(expected));
  });

  it("manual sources have no next slot", () => {
    expect(nextSlotAfter("manual", at("2027-03-01T10:00:00Z"))).toBeNull();
  });
});

describe("claiming due sources", () => {
  let orgId: string;
  let eventId: string;
  const base = (name: string, schedule: "manual" | "hourly" | "daily") => ({
    name,
    eventId,
    target: "attendees" as const,
    // A literal public address: the save-time guard would otherwise need DNS.
    url: "https://93.184.215.14/attendees",
    mapping: { fields: { email: { path: "email" } } },
    schedule,
  });

  beforeAll(async () => {
    orgId = (await createTestOrg()).id;
    eventId = (await createTestEvent(orgId)).id;
  });

  it("claims each due slot once, moves it forward, and leaves manual and future ones alone", async () => {
    const hourly = await createDataSource(orgId, base("hourly", "hourly"), OPERATOR);
    const daily = await createDataSource(orgId, base("daily", "daily"), OPERATOR);
    const manual = await createDataSource(orgId, base("manual", "manual"), OPERATOR);
    const later = await createDataSource(orgId, base("later", "hourly"), OPERATOR);
    expect(manual.nextRunAt).toBeNull();
    await getDb().dataSource.update({ where: { id: later.id }, data: { nextRunAt: new Date(Date.now() + HOUR) } });

    const now = new Date(Date.now() + 1_000);
    const claimed = await claimDueDataSources({ now, orgId });
    expect(claimed.sort()).toEqual([hourly.id, daily.id].sort());
    const rows = new Map((await getDb().dataSource.findMany({ where: { orgId } })).map((row) => [row.id, row]));
    expect(rows.get(hourly.id)!.nextRunAt!.getTime()).toBe(hourly.nextRunAt!.getTime() + HOUR);
    expect(rows.get(daily.id)!.nextRunAt!.getTime()).toBe(daily.nextRunAt!.getTime() + 24 * HOUR);
    // Claiming does not count as editing the source.
    expect(rows.get(hourly.id)!.updatedAt.getTime()).toBe(hourly.updatedAt.getTime());

    // A second tick at the same moment finds nothing left to start.
    expect(await claimDueDataSources({ now, orgId })).toEqual([]);
    // Two ticks racing for the same slot: exactly one gets it.
    await getDb().dataSource.update({ where: { id: hourly.id }, data: { nextRunAt: new Date(now.getTime() - 1) } });
    const [a, b] = await Promise.all([claimDueDataSources({ now, orgId }), claimDueDataSources({ now, orgId })]);
    expect([...a, ...b]).toEqual([hourly.id]);
  });

  it("switching a source to a schedule makes it due; back to manual clears it", async () => {
    const source = await createDataSource(orgId, base("switch", "manual"), OPERATOR);
    const hourly = await updateDataSource(orgId, source.id, { schedule: "hourly" }, OPERATOR);
    expect(hourly.nextRunAt).toBeInstanceOf(Date);
    expect(Math.abs(hourly.nextRunAt!.getTime() - Date.now())).toBeLessThan(10_000);
    // Saving again with the same schedule keeps the slot.
    const again = await updateDataSource(orgId, source.id, { schedule: "hourly", name: "renamed" }, OPERATOR);
    expect(again.nextRunAt).toEqual(hourly.nextRunAt);
    expect((await updateDataSource(orgId, source.id, { schedule: "manual" }, OPERATOR)).nextRunAt).toBeNull();
  });
});
