import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AttendeeActionButtons } from "@/components/console/attendees/attendee-action-buttons";
import { EditAttendeeForm } from "@/components/console/attendees/edit-attendee-form";
import { EngagementPanels } from "@/components/console/engagement/engagement-panels";
import { VenueTime } from "@/components/console/engagement/venue-time";
import { statusTone } from "@/components/console/events/event-dates";
import { PartnerPanel } from "@/components/console/events/partner-panel";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { Panel } from "@/components/ui/panel";
import { requireMember } from "@/lib/console/guard";
import { engagementCursors } from "@/lib/console/engagement-lists";
import { attendeePageData } from "@/lib/console/event-attendee";
import { formatBadgeCode } from "@/lib/domain/badges/badge-code";
import { checkInAttendeeAction, restoreAttendeeAction, revokeAttendeeAction } from "../../../actions";
import { removeAttendeeFromPageAction, updateAttendeeAction } from "../actions";

export const metadata: Metadata = { title: "Attendee" };

type Props = {
  params: Promise<{ orgId: string; eventId: string; attendeeId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function AttendeePage({ params, searchParams }: Props) {
  const { orgId, eventId, attendeeId } = await params;
  const cursors = engagementCursors(await searchParams);
  const { membership } = await requireMember(orgId);
  const data = await attendeePageData(orgId, eventId, attendeeId, cursors);
  if (!data) notFound();
  const { event, attendee, record, deliveries } = data;
  const guestsPath = `/console/${orgId}/events/${eventId}/guests`;
  const editable = membership.role === "admin" && event.status !== "archived";
  const details: [string, ReactNode][] = [
    ["Email", <span key="email" className="break-all">{attendee.email}</span>],
    ["Company", attendee.company ?? "—"],
    ["Job title", attendee.jobTitle ?? "—"],
    ["Badge", <span key="badge" className="font-mono" data-testid="badge-code">{formatBadgeCode(attendee.badgeCode)}</span>],
    ["Checked in", attendee.checkedInAt ? <VenueTime key="in" date={attendee.checkedInAt} timezone={event.timezone} /> : "Not yet"],
    ["Added", <VenueTime key="added" date={attendee.createdAt} timezone={event.timezone} />],
  ];
  return (
    <>
      <Link href={guestsPath} className={cx("inline-block text-sm text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
        ← Guest list
      </Link>
      <Panel
        id="attendee"
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="attendee-name">{attendee.displayName}</span>
            <Badge tone={statusTone(attendee.status)}>{attendee.status}</Badge>
          </span>
        }
        description={`Times at the venue (${event.timezone}).`}
        actions={
          editable ? (
            <AttendeeActionButtons
              orgId={orgId}
              eventId={eventId}
              attendee={attendee}
              actions={{ revoke: revokeAttendeeAction, restore: restoreAttendeeAction, checkIn: checkInAttendeeAction, remove: removeAttendeeFromPageAction }}
            />
          ) : null
        }
      >
        <dl className="grid gap-4 px-4 py-4 text-sm sm:grid-cols-3 sm:px-6" data-testid="attendee-details">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
              <dd className="text-zinc-900 dark:text-zinc-100">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      {editable ? (
        <Panel title="Edit details" id="edit-attendee" description="The details a connected app can change too; saving a change notifies subscribed endpoints (attendee.updated). The email address cannot be changed.">
          <EditAttendeeForm orgId={orgId} eventId={eventId} attendee={attendee} action={updateAttendeeAction} />
        </Panel>
      ) : null}
      <PartnerPanel orgId={orgId} id="partner-view" apiPath={`/partner/v1/events/${eventId}/attendees/${attendeeId}`} deliveries={deliveries} />
      <EngagementPanels
        record={record}
        path={`${guestsPath}/${attendeeId}`}
        query={cursors}
        timezone={event.timezone}
        guestsPath={guestsPath}
        attendee={{ id: attendeeId, displayName: attendee.displayName }}
      />
    </>
  );
}
