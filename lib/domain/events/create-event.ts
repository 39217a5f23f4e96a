import { getDb } from "@/lib/platform/db/client";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma } from "@/lib/generated/prisma/client";
import { toEvent } from "@/lib/domain/resources/projections";
import type { EventResource } from "@/lib/domain/resources/resources";
import { dispatchSoon } from "@/lib/domain/webhooks/dispatch";
import { recordWebhookEvent } from "@/lib/domain/webhooks/outbox";
import { eventPayload } from "@/lib/domain/webhooks/payloads";
import { createEventSchema, type CreateEventInput } from "./event-input";

// A new event starts as a draft. There is no event.created webhook type, so creation
// records `event.updated` with the new event's projection: a receiver that mirrors events
// by id learns of it the same way it learns of any later change.

export async function createEvent(orgId: string, input: CreateEventInput): Promise<EventResource> {
  const parsed = createEventSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const data = parsed.data;
  if (data.endAt.getTime() <= data.startAt.getTime()) {
    throw validationError([{ code: "custom", path: ["endAt"], message: "The event must end after it starts.", input: data.endAt }]);
  }

  let result: { event: EventResource; recorded: string };
  try {
    result = await getDb().$transaction(async (tx) => {
      const row = await tx.event.create({ data: { ...data, orgId, status: "draft" } });
      const { id } = await recordWebhookEvent(tx, { orgId, type: "event.updated", data: eventPayload(row) });
      return { event: toEvent(row), recorded: id };
    }, { maxWait: 10_000, timeout: 10_000 });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", "Another event of this organization already uses this slug.", { reason: "slug_taken" });
    }
    throw error;
  }
  await dispatchSoon([result.recorded]);
  return result.event;
}
