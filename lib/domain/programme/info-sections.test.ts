import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { InfoSectionSchema } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader, type PartnerReader } from "@/lib/testing/partner-reader";
import { moveItem } from "./event-items";
import { createInfoSection, deleteInfoSection, updateInfoSection } from "./info-sections";
import { OPERATOR } from "@/lib/domain/audit/record";

// Info sections through the lib operations, each change then read as a partner reads it:
// only published sections are ever served.

let orgId: string;
let partner: PartnerReader;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const served = async (eventId: string) => (await partner.list(`/events/${eventId}/info-sections`)).map((item) => InfoSectionSchema.parse(item));

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  partner = await startPartnerReader(orgId);
});
afterAll(() => partner?.close());

describe("info sections", () => {
  it("serves published sections only, in the organizer's order, with their detail rows", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const venue = await createInfoSection(orgId, eventId, {
      title: "Venue", summary: "Where to go", body: "Hall 1\nEntrance B", icon: "map-pin", visibility: "published",
      details: [{ label: "Address", value: "1 Main St" }, { label: "Parking", value: "P3" }],
    }, OPERATOR);
    const draft = await createInfoSection(orgId, eventId, { title: "Wifi", icon: "wifi", visibility: "draft" }, OPERATOR);
    const hidden = await createInfoSection(orgId, eventId, { title: "Old", icon: "info", visibility: "hidden" }, OPERATOR);
    expect(await served(eventId)).toEqual([
      { id: venue.id, title: "Venue", summary: "Where to go", body: "Hall 1\nEntrance B", icon: "map-pin", details: [{ label: "Address", value: "1 Main St" }, { label: "Parking", value: "P3" }], sortOrder: 0 },
    ]);

    await updateInfoSection(orgId, draft.id, { title: "Wifi", icon: "wifi", visibility: "published", details: [{ label: "Network", value: "Conf" }] }, OPERATOR);
    await moveItem(orgId, "InfoSection", draft.id, "up", OPERATOR);
    await updateInfoSection(orgId, venue.id, {
      title: "Venue", icon: "map-pin", visibility: "published", summary: "",
      details: [{ label: "Parking", value: "P4" }, { label: "Address", value: "1 Main St" }],
    }, OPERATOR);
    let list = await served(eventId);
    expect(list.map((s) => [s.id, s.sortOrder])).toEqual([[draft.id, 0], [venue.id, 1]]);
    expect(list[1]).toMatchObject({ summary: null, body: "", details: [{ label: "Parking", value: "P4" }, { label: "Address", value: "1 Main St" }] });
    expect(list.map((s) => s.id)).not.toContain(hidden.id);

    await updateInfoSection(orgId, venue.id, { title: "Venue", icon: "map-pin", visibility: "hidden" }, OPERATOR);
    list = await served(eventId);
    expect(list.map((s) => s.id)).toEqual([draft.id]);
    await deleteInfoSection(orgId, draft.id, OPERATOR);
    expect(await served(eventId)).toEqual([]);
    expect(await getDb().infoSection.count({ where: { eventId } })).toBe(2);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no title", { title: "", icon: "info", visibility: "draft" }, "title"],
    ["an icon outside the set", { title: "T", icon: "rocket", visibility: "draft" }, "icon"],
    ["an unknown visibility", { title: "T", icon: "info", visibility: "public" }, "visibility"],
    ["a detail row without a value", { title: "T", icon: "info", visibility: "draft", details: [{ label: "L", value: " " }] }, "details.0.value"],
    ["details as a string", { title: "T", icon: "info", visibility: "draft", details: "Address: x" }, "details"],
  ])("refuses %s and writes nothing", async (_label, input, field) => {
    const eventId = (await createTestEvent(orgId)).id;
    const error = await refusal(createInfoSection(orgId, eventId, input as never, OPERATOR));
    expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().infoSection.count({ where: { eventId } })).toBe(0);
  });

  it("answers 404 for another organization's section", async () => {
    const other = await createTestOrg();
    const foreign = await createInfoSection(other.id, (await createTestEvent(other.id)).id, { title: "Theirs", icon: "info", visibility: "draft" }, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateInfoSection(orgId, id, { title: "Mine", icon: "info", visibility: "published" }, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(deleteInfoSection(orgId, id, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(moveItem(orgId, "InfoSection", id, "up", OPERATOR))).code).toBe("NOT_FOUND");
    }
    expect(await getDb().infoSection.findUnique({ where: { id: foreign.id } })).toMatchObject({ visibility: "draft" });
  });
});
