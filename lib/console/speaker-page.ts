import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";

// The Programme section's speaker list, paged by name as the Partner API pages speakers:
// (name in the database's collation, then id), keyset, 50 a page. The cursor is the last
// row's name and id, base64url JSON in the `?speakers=` parameter; one that does not parse
// reads as the first page, never an error.

export const SPEAKER_PAGE_SIZE = 50;

const cursorSchema = z.tuple([z.string().max(1000), z.uuid()]);

function parseCursor(value: string | undefined): { name: string; id: string } | null {
  if (!value) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? { name: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

const cursorOf = (row: { name: string; id: string }) => Buffer.from(JSON.stringify([row.name, row.id]), "utf8").toString("base64url");

export async function loadSpeakerPage(orgId: string, eventId: string, cursor: string | undefined, pageSize = SPEAKER_PAGE_SIZE) {
  if (!z.uuid().safeParse(eventId).success || !z.uuid().safeParse(orgId).success) return { rows: [], next: null };
  const after = parseCursor(cursor);
  const rows = await getDb().speaker.findMany({
    where: {
      eventId,
      event: { orgId },
      ...(after ? { OR: [{ name: { gt: after.name } }, { name: after.name, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: pageSize + 1,
    select: { id: true, name: true, title: true, company: true, bio: true, photoUrl: true, photoPath: true, _count: { select: { sessions: true } } },
  });
  const page = rows.slice(0, pageSize).map(({ _count, ...speaker }) => ({ ...speaker, sessionCount: _count.sessions }));
  return { rows: page, next: rows.length > pageSize ? cursorOf(page[page.length - 1]) : null };
}

export type SpeakerPageRow = Awaited<ReturnType<typeof loadSpeakerPage>>["rows"][number];
