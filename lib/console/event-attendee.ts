import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { engagementRecord, type EngagementList } from "./engagement-lists";
import { findOrgEvent } from "./event-workspace";
import { recentDeliveriesFor } from "./partner-view";

// The attendee page's record: one attendee of one event of the organization. An id of
// another organization's attendee, or of an attendee of another event, finds nothing
// (the page answers 404), as the Partner API's GET …/attendees/{id} does.

export async function findEventAttendee(orgId: string, eventId: string, attendeeId: string) {
  if (![orgId, eventId, attendeeId].every((id) => z.uuid().safeParse(id).success)) return null;
  return getDb().attendee.findFirst({
    where: { id: attendeeId, eventId, event: { orgId } },
    select: {
      id: true, displayName: true, email: true, company: true, jobTitle: true, status: true, badgeCode: true,
      checkedInAt: true, createdAt: true,
    },
  });
}

/** Everything the attendee page shows, or null when the event or the attendee is not the organization's. */
export async function attendeePageData(orgId: string, eventId: string, attendeeId: string, cursors: Partial<Record<EngagementList, string>>) {
  const [event, attendee] = await Promise.all([findOrgEvent(orgId, eventId), findEventAttendee(orgId, eventId, attendeeId)]);
  if (!event || !attendee) return null;
  const [record, deliveries] = await Promise.all([engagementRecord(orgId, eventId, cursors, attendeeId), recentDeliveriesFor(orgId, attendeeId)]);
  return { event, attendee, record, deliveries };
}
