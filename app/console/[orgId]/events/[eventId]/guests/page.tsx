import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ExportMenu } from "@/components/console/exports/export-menu";
import { AddAttendeeForm } from "@/components/console/events/add-attendee-form";
import { GuestList } from "@/components/console/events/guest-list";
import { Panel } from "@/components/ui/panel";
import { requireGuestListViewer } from "@/lib/console/guard";
import { listGuests } from "@/lib/console/guest-list";
import { findOrgEvent } from "@/lib/console/event-workspace";
import { addAttendeeAction, checkInAttendeeAction, removeAttendeeAction, restoreAttendeeAction, revokeAttendeeAction, undoCheckInAction } from "../../actions";

export const metadata: Metadata = { title: "Guest list" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function GuestsPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const query = await searchParams;
  const { membership } = await requireGuestListViewer(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  return (
    <GuestTab orgId={orgId} eventId={eventId} archived={event.status === "archived"} timezone={event.timezone} role={membership.role} q={one(query.q)} status={one(query.status)} after={one(query.after)} />
  );
}

async function GuestTab(props: { orgId: string; eventId: string; archived: boolean; timezone: string; role: "admin" | "member" | "door_staff"; q: string; status: string; after: string }) {
  const { rows, next } = await listGuests(props.eventId, { q: props.q, status: props.status, after: props.after || undefined });
  const actions =
    props.role === "admin"
      ? { revoke: revokeAttendeeAction, restore: restoreAttendeeAction, checkIn: checkInAttendeeAction, undoCheckIn: undoCheckInAction, remove: removeAttendeeAction }
      : props.role === "door_staff"
        ? { checkIn: checkInAttendeeAction, undoCheckIn: undoCheckInAction }
        : null;
  return (
    // On a phone the search and the list come first (what the door needs); the add form follows. The export
    // takes the search and status shown, as the list does.
    <Panel
      title="Guest list"
      id="guests"
      actions={props.role === "door_staff" ? null : (
        <ExportMenu href={`/console/${props.orgId}/events/${props.eventId}/exports/guests`} query={{ q: props.q, status: props.status }} label="the guest list" testId="export-guests" />
      )}
    >
      <div className="flex flex-col">
      {props.role === "admin" && !props.archived ? (
        <div className="order-last md:order-first">
          <AddAttendeeForm orgId={props.orgId} eventId={props.eventId} action={addAttendeeAction} />
          <p className="px-4 pb-4 text-sm sm:px-6">
            <Link href={`/console/${props.orgId}/events/${props.eventId}/guests/import`} className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300" data-testid="import-guests-link">
              Import guests from a spreadsheet
            </Link>
          </p>
        </div>
      ) : null}
      <div>
      <GuestList
        orgId={props.orgId}
        eventId={props.eventId}
        rows={rows}
        next={next}
        q={props.q}
        status={props.status}
        archived={props.archived}
        timezone={props.timezone}
        actions={actions}
        linkToAttendee={props.role !== "door_staff"}
      />
      </div>
      </div>
    </Panel>
  );
}
