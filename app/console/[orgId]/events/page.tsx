import type { Metadata } from "next";
import Link from "next/link";
import { CreateEventForm } from "@/components/console/events/create-event-form";
import { EventDates, statusTone } from "@/components/console/events/event-dates";
import { PageHeader } from "@/components/console/page-header";
import { ReadOnlyNotice } from "@/components/console/read-only-notice";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Panel, PanelBody } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireGuestListViewer } from "@/lib/console/guard";
import { EVENT_STATUSES, listOrgEvents } from "@/lib/console/list-org-events";
import { parsePageParam } from "@/lib/console/pagination";
import { createEventAction } from "./actions";

export const metadata: Metadata = { title: "Events" };

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function EventsPage({ params, searchParams }: Props) {
  const { orgId } = await params;
  const query = await searchParams;
  const { org, membership } = await requireGuestListViewer(orgId);
  const doorStaff = membership.role === "door_staff";
  const q = one(query.q);
  const status = one(query.status);
  const events = await listOrgEvents(orgId, { q, status, page: parsePageParam(query.page) });
  const isAdmin = membership.role === "admin";
  const base = `/console/${orgId}/events`;
  const pageHref = (page: number) => `${base}?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

  return (
    <>
      <PageHeader
        title="Events"
        description={doorStaff ? <>Pick an event to open its guest list and check guests in.</> : <>The events of {org.name} as partners read them through the Partner API. Drafts are visible to API keys, not to attendees.</>}
      />
      {isAdmin || doorStaff ? null : <ReadOnlyNotice what="the events of this organization" />}
      {isAdmin ? (
        <Panel title="Create an event" id="create-event" description="It starts as a draft; subscribed endpoints receive event.updated.">
          <PanelBody>
            <CreateEventForm orgId={orgId} action={createEventAction} />
          </PanelBody>
        </Panel>
      ) : null}
      <Panel title="Events" id="events" description={`${events.page.total} ${events.page.total === 1 ? "event" : "events"}`}>
        <form role="search" aria-label="Filter events" className="flex flex-col gap-3 px-4 pt-4 sm:flex-row sm:items-end sm:px-6" action={base}>
          <label className="flex-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">
            Name contains
            <input name="q" defaultValue={q} className={cx(inputClasses, "mt-1")} />
          </label>
          <label className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            Status
            <select name="status" defaultValue={status} className={cx(inputClasses, "mt-1")}>
              <option value="">Any</option>
              {EVENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={cx("rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white dark:bg-zinc-100 dark:text-zinc-900", focusRing)}>
            Filter
          </button>
        </form>
        {events.rows.length === 0 ? (
          <EmptyState title={q || status ? "No event matches" : "No events yet"}>
            {q || status ? "Clear the filter to see every event." : isAdmin ? "Create the first event above, then add its guest list." : "An admin of this organization can create the first event."}
          </EmptyState>
        ) : (
          <Table label="Events" minWidth="44rem">
            <THead>
              <Th>Event</Th>
              <Th>Dates</Th>
              <Th>Attendees</Th>
              <Th>Status</Th>
            </THead>
            <TBody>
              {events.rows.map((event) => (
                <Tr key={event.id} data-testid="event-row">
                  <Td className="max-sm:pb-2">
                    <Link href={doorStaff ? `${base}/${event.id}/guests` : `${base}/${event.id}`} className={cx("font-medium text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
                      {event.name}
                    </Link>
                    <div className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{event.slug}</div>
                  </Td>
                  <Td label="Dates">
                    <EventDates startAt={event.startAt} endAt={event.endAt} timezone={event.timezone} />
                  </Td>
                  <Td label="Attendees">{event.attendeeCount.toLocaleString("en-US")}</Td>
                  <Td label="Status">
                    <Badge tone={statusTone(event.status)}>{event.status}</Badge>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
        <Pagination info={events.page} basePath={base} label="Events pages" pageHref={pageHref} noun={["event", "events"]} />
      </Panel>
    </>
  );
}
