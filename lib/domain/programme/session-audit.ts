import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { fieldChanges, snapshot } from "@/lib/domain/audit/summary";
import type { SessionRow } from "./session-rows";

// A session as its audit entry names it: the track by name and the speakers by name in
// billing order (ids mean nothing to a person reading the log).

type SessionView = Omit<SessionRow, "id" | "eventId" | "trackId"> & { track: string | null; speakers: string[] };

const FIELDS = ["title", "type", "startAt", "endAt", "room", "track", "capacity", "speakers", "description"] as const;

export async function sessionView(tx: Prisma.TransactionClient, session: SessionRow, speakerIds: readonly string[]): Promise<SessionView> {
  const track = session.trackId ? await tx.track.findUnique({ where: { id: session.trackId }, select: { name: true } }) : null;
  const speakers = speakerIds.length ? await tx.speaker.findMany({ where: { id: { in: [...speakerIds] } }, select: { id: true, name: true } }) : [];
  const names = new Map(speakers.map((speaker) => [speaker.id, speaker.name]));
  const { id: _id, eventId: _eventId, trackId: _trackId, ...fields } = session;
  return { ...fields, track: track?.name ?? null, speakers: speakerIds.map((id) => names.get(id) ?? id) };
}

export async function auditSessionCreated(tx: Prisma.TransactionClient, orgId: string, actor: Actor, session: SessionRow, view: SessionView) {
  await recordAudit(tx, orgId, actor, {
    action: "session.created",
    target: { type: "session", id: session.id, label: session.title },
    summary: snapshot(view, FIELDS),
  });
}

export async function auditSessionUpdated(tx: Prisma.TransactionClient, orgId: string, actor: Actor, session: SessionRow, before: SessionView, after: SessionView) {
  await recordAudit(tx, orgId, actor, {
    action: "session.updated",
    target: { type: "session", id: session.id, label: session.title },
    summary: fieldChanges(before, after, FIELDS),
  });
}
