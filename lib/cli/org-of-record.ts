import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";

// Operators name records by id; the organization is the record's own, so commands built
// on this cannot cross organizations.

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export async function orgOf(kind: "event" | "session" | "attendee" | "form", id: string): Promise<string> {
  const db = getDb();
  let orgId: string | undefined;
  if (isUuid(id)) {
    if (kind === "event") orgId = (await db.event.findUnique({ where: { id }, select: { orgId: true } }))?.orgId;
    if (kind === "session") orgId = (await db.session.findUnique({ where: { id }, select: { event: { select: { orgId: true } } } }))?.event.orgId;
    if (kind === "attendee") orgId = (await db.attendee.findUnique({ where: { id }, select: { event: { select: { orgId: true } } } }))?.event.orgId;
    if (kind === "form") orgId = (await db.form.findUnique({ where: { id }, select: { event: { select: { orgId: true } } } }))?.event.orgId;
  }
  if (!orgId) throw new AppError("NOT_FOUND", `No such ${kind}.`);
  return orgId;
}
