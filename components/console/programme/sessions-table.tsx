import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import type { FormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { ProgrammeSession } from "@/lib/console/programme-workspace";
import { isoToWallClock } from "@/lib/platform/time/time-zone";
import { SessionDialogButton, type SessionFormContext } from "./session-dialog";
import { SessionTime } from "./session-time";
import { sessionTypeLabel } from "./session-type-label";

export type SessionActions = { context: SessionFormContext; update: FormAction<null>; remove: FormAction<null> };

/** The programme in start-time order; `actions` (admins, event not archived) adds Edit and Delete to each row. */
export function SessionsTable({ sessions, timezone, event, actions }: { sessions: ProgrammeSession[]; timezone: string; event: { startAt: Date; endAt: Date }; actions: SessionActions | null }) {
  return (
    <Table label="Sessions" minWidth="52rem">
      <THead>
        <Th>Title</Th>
        <Th>Type</Th>
        <Th>When</Th>
        <Th>Room</Th>
        <Th>Track</Th>
        <Th>Speakers</Th>
        {actions ? <Th><span className="sr-only">Actions</span></Th> : null}
      </THead>
      <TBody>
        {sessions.map((session) => (
          <Tr key={session.id} data-testid="session-row">
            <Td className="font-medium text-zinc-900 dark:text-zinc-100">{session.title}</Td>
            <Td label="Type">{sessionTypeLabel(session.type)}</Td>
            <Td label="When">
              <SessionTime startAt={session.startAt} endAt={session.endAt} timezone={timezone} />
              {session.startAt < event.startAt || session.endAt > event.endAt ? (
                <div className="mt-1" data-testid="outside-event-dates">
                  <Badge tone="amber">Outside the event&apos;s dates</Badge>
                </div>
              ) : null}
            </Td>
            <Td label="Room">{session.room ?? "—"}</Td>
            <Td label="Track">{session.trackName ?? "—"}</Td>
            <Td label="Speakers">{session.speakers.length ? session.speakers.map((speaker) => speaker.name).join(", ") : "—"}</Td>
            {actions ? (
              <Td>
                <div className="flex justify-end gap-2 max-sm:mt-2 max-sm:justify-start">
                  <SessionDialogButton
                    context={actions.context}
                    action={actions.update}
                    testId="edit-session"
                    session={{
                      id: session.id,
                      title: session.title,
                      type: session.type,
                      startLocal: isoToWallClock(session.startAt, timezone),
                      endLocal: isoToWallClock(session.endAt, timezone),
                      room: session.room ?? "",
                      trackId: session.trackId ?? "",
                      description: session.description,
                      capacity: session.capacity === null ? "" : String(session.capacity),
                      speakerIds: session.speakers.map((speaker) => speaker.id),
                    }}
                  />
                  <ConfirmedChangeButton
                    fields={{ orgId: actions.context.orgId, sessionId: session.id }}
                    action={actions.remove}
                    danger
                    label="Delete"
                    srLabel={session.title}
                    title={`Delete “${session.title}”?`}
                    description="The session leaves the programme with its speaker links and door scans; feedback about it is kept. Subscribed endpoints receive session.deleted."
                    confirmLabel="Delete session"
                    pendingLabel="Deleting…"
                    testId="delete-session"
                  />
                </div>
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
