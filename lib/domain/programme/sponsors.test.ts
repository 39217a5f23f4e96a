import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { SponsorSchema } from "@/lib/domain/resources/resources";
import { createTestEvent, createTestOrg } from "@/lib/testing/fixtures";
import { startPartnerReader, type PartnerReader } from "@/lib/testing/partner-reader";
import { moveItem } from "./event-items";
import { createSponsor, deleteSponsor, listSponsorTiers, updateSponsor } from "./sponsors";
import { OPERATOR } from "@/lib/domain/audit/record";

// Sponsors through the lib operations, each change then read as a partner reads it; the
// featured-on-cards rule (at most one per event) under concurrent nominations.

let orgId: string;
let partner: PartnerReader;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (err: unknown) => err);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const served = async (eventId: string) => (await partner.list(`/events/${eventId}/sponsors`)).map((item) => SponsorSchema.parse(item));

beforeAll(async () => {
  orgId = (await createTestOrg()).id;
  partner = await startPartnerReader(orgId);
});
afterAll(() => partner?.close());

describe("sponsors", () => {
  it("creates, edits, moves and deletes, as the Partner API then serves", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const gold = await createSponsor(orgId, eventId, { name: "Acme", tier: "Gold", websiteUrl: "https://acme.example", description: "Anvils" }, OPERATOR);
    const silver = await createSponsor(orgId, eventId, { name: "Globex", tier: "Silver" }, OPERATOR);
    await updateSponsor(orgId, silver.id, { name: "Globex Corp", tier: "Platinum", websiteUrl: "http://globex.example/", description: "" }, OPERATOR);
    await moveItem(orgId, "Sponsor", silver.id, "up", OPERATOR);
    expect(await served(eventId)).toEqual([
      { id: silver.id, name: "Globex Corp", tier: "Platinum", websiteUrl: "http://globex.example/", description: "", sortOrder: 0, featuredOnCards: false },
      { id: gold.id, name: "Acme", tier: "Gold", websiteUrl: "https://acme.example", description: "Anvils", sortOrder: 1, featuredOnCards: false },
    ]);
    await deleteSponsor(orgId, gold.id, OPERATOR);
    expect((await served(eventId)).map((s) => s.id)).toEqual([silver.id]);
    expect(await listSponsorTiers(orgId)).toEqual(expect.arrayContaining(["Platinum"]));
  });

  it("nominating another sponsor clears the previous; un-featuring leaves none", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const a = await createSponsor(orgId, eventId, { name: "A", tier: "Gold", featuredOnCards: true }, OPERATOR);
    expect(a.featuredOnCards).toBe(true);
    const b = await createSponsor(orgId, eventId, { name: "B", tier: "Gold" }, OPERATOR);
    expect((await served(eventId)).map((s) => s.featuredOnCards)).toEqual([true, false]);
    const nominated = await updateSponsor(orgId, b.id, { name: "B", tier: "Gold", featuredOnCards: true }, OPERATOR);
    expect(nominated.featuredOnCards).toBe(true);
    expect((await served(eventId)).map((s) => s.featuredOnCards)).toEqual([false, true]);
    // Editing without the flag leaves the card sponsor as it is.
    await updateSponsor(orgId, b.id, { name: "B2", tier: "Gold" }, OPERATOR);
    expect((await served(eventId)).map((s) => s.featuredOnCards)).toEqual([false, true]);
    await updateSponsor(orgId, a.id, { name: "A", tier: "Gold", featuredOnCards: false }, OPERATOR);
    expect((await served(eventId)).map((s) => s.featuredOnCards)).toEqual([false, true]);
    await updateSponsor(orgId, b.id, { name: "B2", tier: "Gold", featuredOnCards: false }, OPERATOR);
    expect((await served(eventId)).map((s) => s.featuredOnCards)).toEqual([false, false]);
  });

  it("keeps at most one featured sponsor per event under concurrent nominations", async () => {
    const eventId = (await createTestEvent(orgId)).id;
    const sponsors = [];
    for (let i = 0; i < 6; i++) sponsors.push(await createSponsor(orgId, eventId, { name: `S${i}`, tier: "Gold" }, OPERATOR));
    const otherEvent = (await createTestEvent(orgId)).id;
    const elsewhere = await createSponsor(orgId, otherEvent, { name: "Elsewhere", tier: "Gold", featuredOnCards: true }, OPERATOR);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        sponsors.map((sponsor, i) =>
          i % 2 === 0
            ? updateSponsor(orgId, sponsor.id, { name: sponsor.name, tier: "Gold", featuredOnCards: true }, OPERATOR)
            : createSponsor(orgId, eventId, { name: `New ${round}-${i}`, tier: "Gold", featuredOnCards: true }, OPERATOR),
        ),
      );
      expect(results).toHaveLength(sponsors.length);
      const list = await served(eventId);
      expect(list.filter((s) => s.featuredOnCards)).toHaveLength(1);
      expect(await getDb().eventCardSponsor.count({ where: { eventId } })).toBe(1);
      // Positions stay distinct while creates race.
      expect(new Set(list.map((s) => s.sortOrder)).size).toBe(list.length);
    }
    expect((await served(otherEvent)).find((s) => s.id === elsewhere.id)?.featuredOnCards).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { name: "", tier: "Gold" }, "name"],
    ["no tier", { name: "A", tier: " " }, "tier"],
    ["a website that is not a link", { name: "A", tier: "Gold", websiteUrl: "acme dot com" }, "websiteUrl"],
    ["an ftp website", { name: "A", tier: "Gold", websiteUrl: "ftp://acme.example" }, "websiteUrl"],
    ["a non-boolean featured flag", { name: "A", tier: "Gold", featuredOnCards: "yes" }, "featuredOnCards"],
  ])("refuses %s and writes nothing", async (_label, input, field) => {
    const eventId = (await createTestEvent(orgId)).id;
    const error = await refusal(createSponsor(orgId, eventId, input as never, OPERATOR));
    expect(Object.keys(error.details?.fields as object)).toEqual([field]);
    expect(await getDb().sponsor.count({ where: { eventId } })).toBe(0);
  });

  it("answers 404 for another organization's sponsor and leaves its card sponsor", async () => {
    const other = await createTestOrg();
    const foreignEvent = await createTestEvent(other.id);
    const foreign = await createSponsor(other.id, foreignEvent.id, { name: "Theirs", tier: "Gold", featuredOnCards: true }, OPERATOR);
    for (const id of [foreign.id, randomUUID(), "x"]) {
      expect((await refusal(updateSponsor(orgId, id, { name: "Mine", tier: "Gold", featuredOnCards: false }, OPERATOR))).code).toBe("NOT_FOUND");
      expect((await refusal(deleteSponsor(orgId, id, OPERATOR))).code).toBe("NOT_FOUND");
    }
    expect(await getDb().eventCardSponsor.findUnique({ where: { eventId: foreignEvent.id } })).toMatchObject({ sponsorId: foreign.id });
    expect(await listSponsorTiers(orgId)).not.toContain("Theirs");
  });
});
