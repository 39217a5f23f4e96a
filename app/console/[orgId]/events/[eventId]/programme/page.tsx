import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import { requireMember } from "@/lib/console/guard";
import { findOrgEvent, listEventSessions } from "@/lib/console/event-workspace";

export const metadata: Metadata = { title: "Programme" };

type Props = { params: Promise<{ orgId: string; eventId: string }> };

export default async function ProgrammePage({ params }: Props) {
  const { orgId, eventId } = await params;
  await requireMember(orgId);
  if (!(await findOrgEvent(orgId, eventId))) notFound();
  return <Programme eventId={eventId} />;
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
