import { z } from "zod";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { toEvent } from "@/lib/domain/resources/projections";
import type { EventResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { fieldChanges } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { previousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { updateEventSchema, type UpdateEventInput } from "./event-input";

// Changes an event's details. A change records `event.updated` (data: the event
// projection after the change, minus createdAt/updatedAt) in the same transaction; a
// request that changes nothing writes nothing, records nothing and leaves updatedAt alone.

type EventRow = Parameters<typeof toEvent>[0];

const EVENT_COLUMNS = Prisma.raw(`id, "orgId", slug, name, description, status::text AS status, "startAt", "endAt",
  timezone, location, "createdAt", "updatedAt"`);

/** The organization's event, row-locked for the transaction; 404 when missing or foreign. */
export async function lockOrgEvent(
  tx: Prisma.TransactionClient,
  orgId: string,
  eventId: string,
): Promise<EventRow & { orgId: string }> {
  if (!z.uuid().safeParse(eventId).success || !z.uuid().safeParse(orgId).success) {
    throw new AppError("NOT_FOUND", "No such event.");
  }
  const rows = await tx.$queryRaw<(EventRow & { orgId: string })[]>`
    SELECT ${EVENT_COLUMNS} FROM "Event" WHERE id = ${eventId}::uuid AND "orgId" = ${orgId}::uuid FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND", "No such event.");
  return rows[0];
}

const FIELDS = ["name", "description", "location", "timezone", "startAt", "endAt", "slug"] as const;

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}

function slugTaken(): AppError {
  return new AppError("CONFLICT", "Another event of this organization already uses this slug.", { reason: "slug_taken" });
}

export async function updateEvent(
  orgId: string,
  eventId: string,
  input: UpdateEventInput,
  actor: Actor,
): Promise<{ event: EventResource; changed: boolean }> {
  const parsed = updateEventSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);

  let result: { event: EventResource; recorded: string | null };
  try {
    ({ result } = await commitAndAnnounce(orgId, async (tx, announce) => {
      const current = await lockOrgEvent(tx, orgId, eventId);
      const changes: { [K in (typeof FIELDS)[number]]?: NonNullable<(typeof parsed.data)[K]> } = {};
      for (const field of FIELDS) {
        const value = parsed.data[field];
        if (value !== undefined && !sameValue(value, current[field])) Object.assign(changes, { [field]: value });
      }
      if (Object.keys(changes).length === 0) return { event: toEvent(current), recorded: null };

      const startAt = changes.startAt ?? current.startAt;
      const endAt = changes.endAt ?? current.endAt;
      if (endAt.getTime() <= startAt.getTime()) {
        const path = parsed.data.endAt !== undefined ? "endAt" : "startAt";
        throw validationError([{ code: "custom", path: [path], message: "The event must end after it starts.", input: parsed.data[path] }]);
      }
      if (changes.slug !== undefined) {
        const clash = await tx.event.findFirst({ where: { orgId, slug: changes.slug, NOT: { id: eventId } }, select: { id: true } });
        if (clash) throw slugTaken();
      }

      const updated = await tx.event.update({ where: { id: eventId }, data: changes });
      const data = eventPayload(updated);
      const id = await announce({ type: "event.updated", data, previousAttributes: previousAttributes(eventPayload(current), data) });
      await recordAudit(tx, orgId, actor, {
        action: "event.updated",
        target: { type: "event", id: eventId, label: updated.name },
        summary: fieldChanges(current, updated, FIELDS),
      });
      return { event: toEvent(updated), recorded: id };
    }));
  } catch (error) {
    // Two renames racing for one slug: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw slugTaken();
    throw error;
  }
  return { event: result.event, changed: result.recorded !== null };
}
