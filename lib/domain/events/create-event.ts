import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { toEvent } from "@/lib/domain/resources/projections";
import type { EventResource } from "@/lib/domain/resources/resources";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { snapshot } from "@/lib/domain/audit/summary";
import { commitAndAnnounce } from "@/lib/domain/webhooks/commit-and-announce";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { createEventSchema, type CreateEventInput } from "./event-input";

// A new event starts as a draft. There is no event.created webhook type, so creation
// records `event.updated` with the new event's projection: a receiver that mirrors events
// by id learns of it the same way it learns of any later change.

export async function createEvent(orgId: string, input: CreateEventInput, actor: Actor): Promise<EventResource> {
  const parsed = createEventSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const data = parsed.data;
  if (data.endAt.getTime() <= data.startAt.getTime()) {
    throw validationError([{ code: "custom", path: ["endAt"], message: "The event must end after it starts.", input: data.endAt }]);
  }

  let result: EventResource;
  try {
    ({ result } = await commitAndAnnounce(orgId, async (tx, announce) => {
      const row = await tx.event.create({ data: { ...data, orgId, status: "draft" } });
      await announce({ type: "event.updated", data: eventPayload(row) });
      await recordAudit(tx, orgId, actor, {
        action: "event.created",
        target: { type: "event", id: row.id, label: row.name },
        summary: snapshot(row, ["name", "slug", "timezone", "startAt", "endAt", "location", "status"]),
      });
      return toEvent(row);
    }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "Another event of this organization already uses this slug.", { reason: "slug_taken" });
    }
    throw error;
  }
  return result;
}
