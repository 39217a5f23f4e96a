import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AddAttendeeForm } from "@/components/console/events/add-attendee-form";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import { EditEventForm } from "@/components/console/events/edit-event-form";
import { EventDates, statusTone } from "@/components/console/events/event-dates";
import { GuestList } from "@/components/console/events/guest-list";
import { PartnerPanel } from "@/components/console/events/partner-panel";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireMember } from "@/lib/console/guard";
import { listGuests } from "@/lib/console/guest-list";
import { recentDeliveriesFor } from "@/lib/console/partner-view";
import { eventCounts, findOrgEvent, listEventForms, listEventSessions } from "@/lib/console/event-workspace";
import { isoToWallClock } from "@/lib/events/zoned-date-time";
import { canTransition } from "@/lib/transitions/state-tables";
import {
  addAttendeeAction,
  archiveEventAction,
  checkInAttendeeAction,
  closeFormAction,
  openFormAction,
  publishEventAction,
  removeAttendeeAction,
  restoreAttendeeAction,
  revokeAttendeeAction,
  updateEventAction,
} from "../actions";

export const metadata: Metadata = { title: "Event" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "programme", label: "Programme" },
  { id: "guests", label: "Guest list" },
  { id: "engagement", label: "Engagement" },
] as const;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function EventPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const query = await searchParams;
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  const isAdmin = membership.role === "admin";
  const tab = TABS.find((t) => t.id === one(query.tab))?.id ?? "overview";
  const base = `/console/${orgId}/events/${eventId}`;
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
      {isAdmin ? null : <ReadOnlyNotice what="this event" />}
      <nav aria-label="Event sections" className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {TABS.map((t) => (
          <Link
            key={t.id}
            href={t.id === "overview" ? base : `${base}?tab=${t.id}`}
            aria-current={t.id === tab ? "page" : undefined}
            className={cx(
              "shrink-0 border-b-2 px-3 py-2 text-sm font-medium",
              t.id === tab ? "border-indigo-600 text-indigo-700 dark:text-indigo-300" : "border-transparent text-zinc-600 dark:text-zinc-400",
              focusRing,
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "overview" ? <Overview orgId={orgId} event={event} /> : null}
      {tab === "overview" && isAdmin ? (
        <Panel title="Details" id="edit-event" description="Saving a change sends event.updated to subscribed endpoints.">
          <EditEventForm
            orgId={orgId}
            action={updateEventAction}
            event={{
              id: event.id,
              name: event.name,
              slug: event.slug,
              timezone: event.timezone,
              location: event.location,
              startLocal: isoToWallClock(event.startAt, event.timezone),
              endLocal: isoToWallClock(event.endAt, event.timezone),
            }}
          />
        </Panel>
      ) : null}
      {tab === "programme" ? <Programme eventId={eventId} /> : null}
      {tab === "guests" ? (
        <GuestTab orgId={orgId} eventId={eventId} archived={event.status === "archived"} isAdmin={isAdmin} q={one(query.q)} status={one(query.status)} after={one(query.after)} />
      ) : null}
      {tab === "engagement" ? <Engagement orgId={orgId} eventId={eventId} isAdmin={isAdmin} archived={event.status === "archived"} /> : null}
    </>
  );
}

async function Overview({ orgId, event }: { orgId: string; event: { id: string; slug: string; location: string; description: string } }) {
  const [{ attendees, checkIns }, deliveries] = await Promise.all([eventCounts(event.id), recentDeliveriesFor(orgId, event.id)]);
  return (
    <>
      <Panel title="Overview" id="overview">
        <dl className="grid gap-4 px-4 py-4 text-sm sm:grid-cols-4 sm:px-6">
          <div><dt className="text-zinc-500 dark:text-zinc-400">Slug</dt><dd className="font-mono">{event.slug}</dd></div>
          <div><dt className="text-zinc-500 dark:text-zinc-400">Location</dt><dd>{event.location || "—"}</dd></div>
          <div><dt className="text-zinc-500 dark:text-zinc-400">Attendees</dt><dd data-testid="attendee-count">{attendees.toLocaleString("en-US")}</dd></div>
          <div><dt className="text-zinc-500 dark:text-zinc-400">Checked in</dt><dd>{checkIns.toLocaleString("en-US")}</dd></div>
        </dl>
      </Panel>
      <PartnerPanel orgId={orgId} id="partner-view" apiPath={`/partner/v1/events/${event.id}`} deliveries={deliveries} />
    </>
  );
}

async function Programme({ eventId }: { eventId: string }) {
  const sessions = await listEventSessions(eventId);
  return (
    <Panel title="Sessions" id="sessions" description="Sessions are created and changed through data sources, the Partner API's readers, and the operator CLI.">
      {sessions.length === 0 ? (
        <EmptyState title="No sessions yet">Import the programme with a data source (Data sources → New) or the operator CLI.</EmptyState>
      ) : (
        <Table label="Sessions" minWidth="36rem">
          <THead><Th>Title</Th><Th>Type</Th><Th>Starts</Th><Th>Room</Th></THead>
          <TBody>
            {sessions.map((s) => (
              <Tr key={s.id}>
                <Td className="font-medium">{s.title}</Td>
                <Td label="Type">{s.type}</Td>
                <Td label="Starts"><time dateTime={s.startAt.toISOString()}>{s.startAt.toISOString().slice(0, 16).replace("T", " ")} UTC</time></Td>
                <Td label="Room">{s.room ?? "—"}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
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

async function Engagement({ orgId, eventId, isAdmin, archived }: { orgId: string; eventId: string; isAdmin: boolean; archived: boolean }) {
  const forms = await listEventForms(eventId);
  return (
    <Panel title="Forms" id="forms" description="Answers, session scans and feedback come from the attendee app; on this machine the operator CLI produces them.">
      {forms.length === 0 ? (
        <EmptyState title="No forms yet">Forms are created with the operator CLI (npm run ops -- help).</EmptyState>
      ) : (
        <Table label="Forms" minWidth="32rem">
          <THead><Th>Form</Th><Th>Status</Th><Th>Answers</Th>{isAdmin ? <Th className="text-right"><span className="sr-only">Actions</span></Th> : null}</THead>
          <TBody>
            {forms.map((form) => (
              <Tr key={form.id} data-testid="form-row">
                <Td className="font-medium">{form.name}</Td>
                <Td label="Status"><Badge tone={statusTone(form.status)}>{form.status}</Badge></Td>
                <Td label="Answers">{form._count.submissions}</Td>
                {isAdmin ? (
                  <Td className="text-right">
                    {archived ? null : canTransition("form", form.status, "open") ? (
                      <ConfirmedChangeButton fields={{ orgId, formId: form.id }} action={openFormAction} label="Open" srLabel={form.name} title={`Open “${form.name}”?`} description="Attendees can submit answers until you close it." confirmLabel="Open form" pendingLabel="Opening…" testId="open-form" />
                    ) : canTransition("form", form.status, "closed") ? (
                      <ConfirmedChangeButton fields={{ orgId, formId: form.id }} action={closeFormAction} danger label="Close" srLabel={form.name} title={`Close “${form.name}”?`} description="New answers are refused; existing answers stay. You can open it again." confirmLabel="Close form" pendingLabel="Closing…" testId="close-form" />
                    ) : null}
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}
