import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import { EventDates, statusTone } from "@/components/console/events/event-dates";
import { EventTabs } from "@/components/console/events/event-tabs";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { Badge } from "@/components/ui/badge";
import { requireGuestListViewer } from "@/lib/console/guard";
import { findOrgEvent } from "@/lib/console/event-workspace";
import { canTransition } from "@/lib/domain/transitions/state-tables";
import { archiveEventAction, publishEventAction } from "../actions";

type Props = { children: ReactNode; params: Promise<{ orgId: string; eventId: string }> };

/**
 * The event's header, lifecycle buttons and section tabs. Each section page checks the
 * membership and the event again: layouts are not re-run on client navigation.
 */
export default async function EventLayout({ children, params }: Props) {
  const { orgId, eventId } = await params;
  const { membership } = await requireGuestListViewer(orgId);
  const doorStaff = membership.role === "door_staff";
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  const isAdmin = membership.role === "admin";
  const fields = { orgId, eventId };
  return (
    <>
      <PageHeader
        title={event.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone(event.status)}>{event.status}</Badge>
            <EventDates startAt={event.startAt} endAt={event.endAt} timezone={event.timezone} />
          </span>
        }
        actions={
          isAdmin ? (
            <>
              {canTransition("event", event.status, "published") ? (
                <ConfirmedChangeButton fields={fields} action={publishEventAction} label="Publish" srLabel={event.name} title={`Publish “${event.name}”?`} description="Attendees can see it; subscribed endpoints receive event.published. A published event cannot go back to draft." confirmLabel="Publish" pendingLabel="Publishing…" testId="publish-event" />
              ) : null}
              {canTransition("event", event.status, "archived") ? (
                <ConfirmedChangeButton fields={fields} action={archiveEventAction} danger label="Archive" srLabel={event.name} title={`Archive “${event.name}”?`} description="Archiving is final: the guest list and engagement record become read-only, and writes through the Partner API answer 409 event_archived. Endpoints receive event.updated." confirmLabel="Archive" pendingLabel="Archiving…" testId="archive-event" />
              ) : null}
            </>
          ) : null
        }
      />
      {isAdmin || doorStaff ? null : <ReadOnlyNotice what="this event" />}
      <EventTabs base={`/console/${orgId}/events/${eventId}`} guestListOnly={doorStaff} />
      {children}
    </>
  );
}
