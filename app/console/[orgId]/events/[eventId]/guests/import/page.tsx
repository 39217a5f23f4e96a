import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SheetImport } from "@/components/console/events/sheet-import";
import { Panel, PanelBody } from "@/components/ui/panel";
import { requireMember } from "@/lib/console/guard";
import { findOrgEvent } from "@/lib/console/event-workspace";

export const metadata: Metadata = { title: "Import guests from a spreadsheet" };

type Props = { params: Promise<{ orgId: string; eventId: string }> };

export default async function ImportGuestsPage({ params }: Props) {
  const { orgId, eventId } = await params;
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  return (
    <Panel title="Import guests from a spreadsheet" id="import">
      <PanelBody>
        {membership.role !== "admin" ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Only admins of this organization can import guests.</p>
        ) : event.status === "archived" ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">The event is archived; its guest list is read-only.</p>
        ) : (
          <SheetImport orgId={orgId} eventId={eventId} timezone={event.timezone} />
        )}
        <p className="mt-6 text-sm">
          <Link href={`/console/${orgId}/events/${eventId}/guests`} className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
            Back to the guest list
          </Link>
        </p>
      </PanelBody>
    </Panel>
  );
}
