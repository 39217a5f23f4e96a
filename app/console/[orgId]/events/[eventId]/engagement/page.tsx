import Link from "next/link";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import { EngagementPanels } from "@/components/console/engagement/engagement-panels";
import { statusTone } from "@/components/console/events/event-dates";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireMember } from "@/lib/console/guard";
import { engagementCursors, engagementRecord } from "@/lib/console/engagement-lists";
import { findOrgEvent, listEventForms } from "@/lib/console/event-workspace";
import { canTransition } from "@/lib/transitions/state-tables";
import { closeFormAction, openFormAction } from "../../actions";

export const metadata: Metadata = { title: "Engagement" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EngagementPage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const cursors = engagementCursors(await searchParams);
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  const base = `/console/${orgId}/events/${eventId}`;
  return (
    <>
      <Engagement orgId={orgId} eventId={eventId} isAdmin={membership.role === "admin"} archived={event.status === "archived"} />
      <EngagementPanels record={await engagementRecord(orgId, eventId, cursors)} path={`${base}/engagement`} query={cursors} timezone={event.timezone} guestsPath={`${base}/guests`} />
    </>
  );
}

async function Engagement({ orgId, eventId, isAdmin, archived }: { orgId: string; eventId: string; isAdmin: boolean; archived: boolean }) {
  const forms = await listEventForms(eventId);
  return (
    <Panel title="Forms" id="forms" description="Forms are built in the organizer app; attendees answer them, scan into sessions and leave feedback in the attendee app.">
      {forms.length === 0 ? (
        <EmptyState title="No forms yet">Forms are built in the organizer app of the event-management service and appear here once the event has one. Attendees answer them in the attendee app; partners read the answers through the <Link className="font-medium underline underline-offset-2" href="/partner/v1/docs">Partner API</Link>.</EmptyState>
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
