import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AddAttendeeForm } from "@/components/console/events/add-attendee-form";
import { GuestList } from "@/components/console/events/guest-list";
import { Panel } from "@/components/ui/panel";
import { requireMember } from "@/lib/console/guard";
import { listGuests } from "@/lib/console/guest-list";
import { findOrgEvent } from "@/lib/console/event-workspace";
import { addAttendeeAction, checkInAttendeeAction, removeAttendeeAction, restoreAttendeeAction, revokeAttendeeAction } from "../../actions";

export const metadata: Metadata = { title: "Guest list" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function GuestsPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const query = await searchParams;
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  return (
    <GuestTab orgId={orgId} eventId={eventId} archived={event.status === "archived"} isAdmin={membership.role === "admin"} q={one(query.q)} status={one(query.status)} after={one(query.after)} />
  );
}

async function GuestTab(props: { orgId: string; eventId: string; archived: boolean; isAdmin: boolean; q: string; status: string; after: string }) {
  const { rows, next } = await listGuests(props.eventId, { q: props.q, status: props.status, after: props.after || undefined });
  return (
    <Panel title="Guest list" id="guests">
      {props.isAdmin && !props.archived ? <AddAttendeeForm orgId={props.orgId} eventId={props.eventId} action={addAttendeeAction} /> : null}
      <GuestList
        orgId={props.orgId}
        eventId={props.eventId}
        rows={rows}
        next={next}
        q={props.q}
        status={props.status}
        archived={props.archived}
        actions={props.isAdmin ? { revoke: revokeAttendeeAction, restore: restoreAttendeeAction, checkIn: checkInAttendeeAction, remove: removeAttendeeAction } : null}
      />
    </Panel>
  );
}
