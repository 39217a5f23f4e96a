import { sqlRows } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { keysetPage } from "../keyset";
import { iso, toInfoSection, toRoom, toSession, toSpeaker, toSponsor, toTrack } from "@/lib/domain/resources/projections";
import type { CheckedEvent } from "./events";

// The programme of one event (events:read): sessions, tracks, rooms, speakers, sponsors
// and published info sections. Every query names its projected columns and filters on
// the event, which eventCheckRead has already tied to the key's organization.

type PageQuery = { limit: number; cursor?: string };

type SessionRow = Parameters<typeof toSession>[0];
type SpeakerRow = Parameters<typeof toSpeaker>[0];

/**
 * Paged, in start-time order; speakerIds in billing order (SessionSpeaker.position).
 * With updatedSince: only sessions changed at or after it, in (updatedAt, id) order.
 */
export async function listSessions(event: CheckedEvent, query: PageQuery & { updatedSince?: Date }) {
  const eventId = event.id;
  const since = query.updatedSince;
  const sinceFilter = since ? Prisma.sql`AND s."updatedAt" >= ${since}::timestamptz` : Prisma.empty;
  const page = await keysetPage<SessionRow>({
    scope: `sessions:${eventId}${since ? `:updatedSince=${since.toISOString()}` : ""}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: since ? `s."updatedAt"` : `s."startAt"`, cast: "timestamptz" },
      { sql: `s.id`, cast: "uuid" },
    ],
    position: (row) => [iso(since ? row.updatedAt : row.startAt), row.id],
    // speakerIds as text[]: the driver hands back a plain string array, and a session
    // without speakers gets an empty array rather than null.
    fetch: ({ after, orderBy, take }) => sqlRows<SessionRow>`
      SELECT s.id, s."eventId", s.title, s.description, s.type, s."startAt", s."endAt", s."trackId", s.room,
             s.capacity, s."updatedAt",
             COALESCE(
               (SELECT array_agg(ss."speakerId"::text ORDER BY ss.position)
                FROM "SessionSpeaker" ss WHERE ss."sessionId" = s.id),
               ARRAY[]::text[]
             ) AS "speakerIds"
      FROM "Session" s
      WHERE s."eventId" = ${eventId}::uuid ${sinceFilter} ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toSession), meta: { nextCursor: page.nextCursor } };
}

/** Unpaged, organiser order (sortOrder, then id so equal sortOrders stay stable). */
export async function listTracks(event: CheckedEvent) {
  const eventId = event.id;
  const rows = await sqlRows<Parameters<typeof toTrack>[0]>`
    SELECT t.id, t.name, t.color, t."sortOrder" FROM "Track" t
    WHERE t."eventId" = ${eventId}::uuid
    ORDER BY t."sortOrder" ASC, t.id ASC`;
  return { data: rows.map(toTrack) };
}

/** Unpaged; the spec names no order, so organiser order like tracks (sortOrder, id). */
export async function listRooms(event: CheckedEvent) {
  const eventId = event.id;
  const rows = await sqlRows<Parameters<typeof toRoom>[0]>`
    SELECT r.id, r.name, r."sortOrder" FROM "Room" r
    WHERE r."eventId" = ${eventId}::uuid
    ORDER BY r."sortOrder" ASC, r.id ASC`;
  return { data: rows.map(toRoom) };
}

/** Paged, in name order (the database's collation), ties by id. */
export async function listSpeakers(event: CheckedEvent, query: PageQuery) {
  const eventId = event.id;
  const page = await keysetPage<SpeakerRow>({
    scope: `speakers:${eventId}`,
    cursor: query.cursor,
    limit: query.limit,
    direction: "asc",
    columns: [
      { sql: `sp.name`, cast: "text" },
      { sql: `sp.id`, cast: "uuid" },
    ],
    position: (row) => [row.name, row.id],
    fetch: ({ after, orderBy, take }) => sqlRows<SpeakerRow>`
      SELECT sp.id, sp.name, sp.title, sp.company, sp.bio, sp."photoUrl", sp."photoPath"
      FROM "Speaker" sp
      WHERE sp."eventId" = ${eventId}::uuid ${after}
      ORDER BY ${orderBy} LIMIT ${take}`,
  });
  return { data: page.rows.map(toSpeaker), meta: { nextCursor: page.nextCursor } };
}

/** Unpaged, organiser order; featuredOnCards from the event's single EventCardSponsor row. */
export async function listSponsors(event: CheckedEvent) {
  const eventId = event.id;
  const rows = await sqlRows<Parameters<typeof toSponsor>[0]>`
    SELECT sp.id, sp.name, sp.tier, sp."websiteUrl", sp.description, sp."sortOrder",
           (card."sponsorId" IS NOT NULL) AS "featuredOnCards"
    FROM "Sponsor" sp
    LEFT JOIN "EventCardSponsor" card ON card."sponsorId" = sp.id AND card."eventId" = sp."eventId"
    WHERE sp."eventId" = ${eventId}::uuid
    ORDER BY sp."sortOrder" ASC, sp.id ASC`;
  return { data: rows.map(toSponsor) };
}

/** Unpaged, organiser order; published sections only (drafts and hidden ones never leave). */
export async function listInfoSections(event: CheckedEvent) {
  const eventId = event.id;
  const rows = await sqlRows<Parameters<typeof toInfoSection>[0]>`
    SELECT i.id, i.title, i.summary, i.body, i.icon, i.details, i."sortOrder"
    FROM "InfoSection" i
    WHERE i."eventId" = ${eventId}::uuid AND i.visibility = 'published'::"InfoSectionVisibility"
    ORDER BY i."sortOrder" ASC, i.id ASC`;
  return { data: rows.map(toInfoSection) };
}
