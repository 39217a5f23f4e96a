import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { EditEventForm } from "@/components/console/events/edit-event-form";
import { PartnerPanel } from "@/components/console/events/partner-panel";
import { Panel } from "@/components/ui/panel";
import { requireMember } from "@/lib/console/guard";
import { recentDeliveriesFor } from "@/lib/console/partner-view";
import { eventCounts, findOrgEvent } from "@/lib/console/event-workspace";
import { isoToWallClock } from "@/lib/platform/time/time-zone";
import { updateEventAction } from "../actions";

export const metadata: Metadata = { title: "Event" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const SECTIONS = new Set(["programme", "guests", "engagement"]);

export default async function EventOverviewPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  // Links from before the sections became their own routes (?tab=guests&q=…) keep working.
  const { tab, ...rest } = await searchParams;
  if (typeof tab === "string" && SECTIONS.has(tab)) {
    const query = new URLSearchParams(Object.entries(rest).flatMap(([k, v]) => [v ?? []].flat().map((item) => [k, item])));
    redirect(`/console/${orgId}/events/${eventId}/${tab}${query.size ? `?${query}` : ""}`);
  }
  return (
    <>
      <Overview orgId={orgId} event={event} />
      {membership.role === "admin" ? (
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
              description: event.description,
              startLocal: isoToWallClock(event.startAt, event.timezone),
              endLocal: isoToWallClock(event.endAt, event.timezone),
            }}
          />
        </Panel>
      ) : null}
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
