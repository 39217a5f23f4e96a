import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SponsorSchema } from "@/lib/domain/resources/resources";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";
import { lockEventList, lockItem, nextSortOrder, parseInput } from "./event-items";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { changedAnything, fieldChanges, snapshot } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// Sponsors of an event. The fields are the Partner API's Sponsor (the projection
// schema), narrowed to what an organizer writes. featuredOnCards follows the spec's rule:
// at most one per event, and nominating another clears the previous in the same step.
// That is the shape of the data (EventCardSponsor: one row per event, keyed by it), so the
// nomination is one upsert and no reader ever sees two, or a moment with none in between.

/** An absolute http(s) link to the sponsor's site. */
const websiteSchema = SponsorSchema.shape.websiteUrl
  .unwrap()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Use an absolute link, such as https://example.com.")
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .optional();

export const sponsorInputSchema = z.strictObject({
  name: SponsorSchema.shape.name.trim().min(1, "Give the sponsor a name.").max(200).refine(...refuseControlCharacters("name")),
  tier: SponsorSchema.shape.tier.trim().min(1, "Name the tier, such as Gold.").max(100).refine(...refuseControlCharacters("tier")),
  websiteUrl: websiteSchema,
  description: SponsorSchema.shape.description.trim().max(10_000).refine(...refuseControlCharacters("description", { multiline: true })).optional(),
  featuredOnCards: SponsorSchema.shape.featuredOnCards.optional(),
});

export type SponsorInput = z.input<typeof sponsorInputSchema>;

const columns = { id: true, eventId: true, name: true, tier: true, websiteUrl: true, description: true, sortOrder: true } as const;

/** Makes `sponsorId` the event's card sponsor (replacing any other) or, when not featured, clears it if it was. */
async function applyFeatured(tx: Prisma.TransactionClient, eventId: string, sponsorId: string, featured: boolean | undefined) {
  if (featured === undefined) return;
  if (featured) {
    await tx.$executeRaw`
      INSERT INTO "EventCardSponsor" ("eventId", "sponsorId") VALUES (${eventId}::uuid, ${sponsorId}::uuid)
      ON CONFLICT ("eventId") DO UPDATE SET "sponsorId" = EXCLUDED."sponsorId"`;
  } else {
    await tx.eventCardSponsor.deleteMany({ where: { eventId, sponsorId } });
  }
}

async function withFeatured(tx: Prisma.TransactionClient, sponsor: { id: string; eventId: string }) {
  const card = await tx.eventCardSponsor.findUnique({ where: { eventId: sponsor.eventId }, select: { sponsorId: true } });
  return { featuredOnCards: card?.sponsorId === sponsor.id };
}

/** What a sponsor's audit entry shows (the description as an excerpt). */
const AUDITED = ["name", "tier", "websiteUrl", "featuredOnCards", "description"] as const;

/** The event's card sponsor by name, so an entry that takes the cards over names the one it replaced. */
async function cardSponsorName(tx: Prisma.TransactionClient, eventId: string): Promise<{ id: string; name: string } | null> {
  const card = await tx.eventCardSponsor.findUnique({ where: { eventId }, select: { sponsor: { select: { id: true, name: true } } } });
  return card?.sponsor ?? null;
}

/** The card sponsor this sponsor displaced, when it just took the cards over from another. */
function replacedOnCards(before: { id: string; name: string } | null, sponsor: { id: string; featuredOnCards: boolean }) {
  return sponsor.featuredOnCards && before && before.id !== sponsor.id ? { replacedOnCards: before.name } : {};
}

/** Adds a sponsor at the end of the event's order. */
export async function createSponsor(orgId: string, eventId: string, input: SponsorInput, actor: Actor) {
  const fields = parseInput(sponsorInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "Sponsor");
    const sortOrder = await nextSortOrder(tx, "Sponsor", eventId);
    const { featuredOnCards, ...rest } = fields;
    const sponsor = await tx.sponsor.create({
      data: { eventId, ...rest, websiteUrl: rest.websiteUrl ?? null, description: rest.description ?? "", sortOrder },
      select: columns,
    });
    const card = await cardSponsorName(tx, eventId);
    await applyFeatured(tx, eventId, sponsor.id, featuredOnCards);
    const created = { ...sponsor, ...(await withFeatured(tx, sponsor)) };
    await recordAudit(tx, orgId, actor, {
      action: "sponsor.created",
      target: { type: "sponsor", id: sponsor.id, label: sponsor.name },
      summary: { ...snapshot(created, AUDITED), ...replacedOnCards(card, created) },
    });
    return created;
  }, WRITE_TRANSACTION);
}

/** Replaces the sponsor's fields; featuredOnCards absent leaves the card sponsor as it is. */
export async function updateSponsor(orgId: string, sponsorId: string, input: SponsorInput, actor: Actor) {
  const fields = parseInput(sponsorInputSchema, input);
  return getDb().$transaction(async (tx) => {
    const { eventId } = await lockItem(tx, orgId, "Sponsor", sponsorId);
    const card = await cardSponsorName(tx, eventId);
    const stored = await tx.sponsor.findUniqueOrThrow({ where: { id: sponsorId }, select: columns });
    const before = { ...stored, featuredOnCards: card?.id === sponsorId };
    const { featuredOnCards, ...rest } = fields;
    const sponsor = await tx.sponsor.update({
      where: { id: sponsorId },
      data: { ...rest, websiteUrl: rest.websiteUrl ?? null, description: rest.description ?? "" },
      select: columns,
    });
    await applyFeatured(tx, eventId, sponsorId, featuredOnCards);
    const updated = { ...sponsor, ...(await withFeatured(tx, sponsor)) };
    const summary = fieldChanges(before, updated, AUDITED);
    if (changedAnything(summary)) {
      await recordAudit(tx, orgId, actor, {
        action: "sponsor.updated",
        target: { type: "sponsor", id: sponsorId, label: sponsor.name },
        summary: { ...summary, ...replacedOnCards(card, updated) },
      });
    }
    return updated;
  }, WRITE_TRANSACTION);
}

/** Deletes a sponsor; when it was on the cards, the event has no card sponsor until another is nominated. */
export async function deleteSponsor(orgId: string, sponsorId: string, actor: Actor) {
  return getDb().$transaction(async (tx) => {
    const { eventId } = await lockItem(tx, orgId, "Sponsor", sponsorId);
    const card = await cardSponsorName(tx, eventId);
    const sponsor = await tx.sponsor.delete({ where: { id: sponsorId }, select: columns });
    await recordAudit(tx, orgId, actor, {
      action: "sponsor.deleted",
      target: { type: "sponsor", id: sponsorId, label: sponsor.name },
      summary: { ...snapshot(sponsor, ["name", "tier"]), featuredOnCards: card?.id === sponsorId },
    });
    return sponsor;
  }, WRITE_TRANSACTION);
}

/** The tiers the organization already uses (any event), for the form's suggestions. */
export async function listSponsorTiers(orgId: string): Promise<string[]> {
  if (!z.uuid().safeParse(orgId).success) return [];
  const rows = await getDb().sponsor.findMany({
    where: { event: { orgId } },
    distinct: ["tier"],
    select: { tier: true },
    orderBy: { tier: "asc" },
    take: 50,
  });
  return rows.map((row) => row.tier);
}
