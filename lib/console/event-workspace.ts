import { cache } from "react";
import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";

// Reads of the event page's tabs. Every read names the organization or an event already
// found in it, so another organization's ids find nothing (the page answers 404).

export const findOrgEvent = cache(async (orgId: string, eventId: string) => {
  if (!z.uuid().safeParse(eventId).success) return null;
  return getDb().event.findFirst({ where: { id: eventId, orgId } });
});

export async function eventCounts(eventId: string): Promise<{ attendees: number; checkIns: number }> {
  const [attendees, checkIns] = await Promise.all([
    getDb().attendee.count({ where: { eventId } }),
    getDb().checkIn.count({ where: { eventId } }),
  ]);
  return { attendees, checkIns };
}

export function listEventForms(eventId: string) {
  return getDb().form.findMany({
    where: { eventId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 100,
    select: { id: true, name: true, description: true, status: true, fields: true, _count: { select: { submissions: true } } },
  });
}
