import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";

// Reads of an event's Programme section. Every query names the organization through the
// event, so another organization's event id reads as an empty programme (the page has
// answered 404 before that). Orders are the Partner API's: sessions by (startAt, id),
// speakers by (name, id), the rest in the organizer's sortOrder then id.

/** Events hold hundreds of sessions and speakers at most; the section shows up to this many of each. */
export const PROGRAMME_LIST_LIMIT = 500;

const ofEvent = (orgId: string, eventId: string) => ({ eventId, event: { orgId } });

export async function loadProgramme(orgId: string, eventId: string) {
  if (!z.uuid().safeParse(eventId).success || !z.uuid().safeParse(orgId).success) return emptyProgramme();
  const db = getDb();
  const where = ofEvent(orgId, eventId);
  const [sessions, tracks, rooms, speakers, sponsors, infoSections] = await Promise.all([
    db.session.findMany({
      where,
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
      take: PROGRAMME_LIST_LIMIT,
      select: {
        id: true,
        title: true,
        description: true,
        type: true,
        startAt: true,
        endAt: true,
        room: true,
        capacity: true,
        trackId: true,
        track: { select: { name: true } },
        speakers: { orderBy: { position: "asc" }, select: { speaker: { select: { id: true, name: true } } } },
      },
    }),
    db.track.findMany({ where, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true, name: true, color: true, _count: { select: { sessions: true } } } }),
    db.room.findMany({ where, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
    db.speaker.findMany({
      where,
      orderBy: [{ name: "asc" }, { id: "asc" }],
      take: PROGRAMME_LIST_LIMIT,
      select: { id: true, name: true, title: true, company: true, _count: { select: { sessions: true } } },
    }),
    db.sponsor.findMany({
      where,
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      select: { id: true, name: true, tier: true, websiteUrl: true, description: true, featuredOn: { select: { eventId: true } } },
    }),
    // Every visibility: the organizer sees drafts and hidden sections the Partner API leaves out.
    db.infoSection.findMany({
      where,
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      select: { id: true, title: true, summary: true, body: true, icon: true, details: true, visibility: true },
    }),
  ]);
  return {
    sessions: sessions.map(({ track, speakers: links, ...session }) => ({
      ...session,
      trackName: track?.name ?? null,
      speakers: links.map((link) => link.speaker),
    })),
    tracks: tracks.map(({ _count, ...track }) => ({ ...track, sessionCount: _count.sessions })),
    rooms,
    speakers: speakers.map(({ _count, ...speaker }) => ({ ...speaker, sessionCount: _count.sessions })),
    sponsors: sponsors.map(({ featuredOn, ...sponsor }) => ({ ...sponsor, featured: featuredOn !== null })),
    infoSections: infoSections.map((section) => ({ ...section, details: detailRows(section.details) })),
  };
}

/** Stored key-detail rows as the editor shows them (the column is JSON, written only through the schema). */
function detailRows(value: unknown): { label: string; value: string }[] {
  if (!Array.isArray(value)) return [];
  return value.map((row: { label?: unknown; value?: unknown }) => ({ label: String(row?.label ?? ""), value: String(row?.value ?? "") }));
}

export type Programme = Awaited<ReturnType<typeof loadProgramme>>;
export type ProgrammeSession = Programme["sessions"][number];

function emptyProgramme() {
  return { sessions: [], tracks: [], rooms: [], speakers: [], sponsors: [], infoSections: [] } satisfies Record<string, unknown[]>;
}
