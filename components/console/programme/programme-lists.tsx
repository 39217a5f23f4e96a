import type { ReactNode } from "react";
import { ConfirmedChangeButton } from "@/components/console/confirmed-change-button";
import type { FormAction } from "@/components/forms/use-form-action";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { Programme } from "@/lib/console/programme-workspace";
import type { SpeakerPageRow } from "@/lib/console/speaker-page";
import { INFO_SECTION_ICON_LABELS, type InfoSectionIcon } from "@/lib/domain/programme/info-section-icons";
import { InfoSectionDialogButton, RoomDialogButton, SpeakerDialogButton, SponsorDialogButton, TrackDialogButton } from "./authoring-dialogs";
import { InfoIcon } from "./info-icons";
import { MoveButtons } from "./move-buttons";

// An event's programme lists (tracks, rooms, speakers, sponsors, info sections). Admins
// of an event that is not archived get `authoring`: New, Edit, Delete and move up/down,
// each a server action over one lib/domain/programme operation. Members see the same lists
// read-only.

type Actions = { create: FormAction<null>; update: FormAction<null>; remove: FormAction<null> };

export type ProgrammeAuthoring = {
  orgId: string;
  eventId: string;
  move: FormAction<null>;
  tracks: Actions;
  rooms: Actions;
  speakers: Actions;
  sponsors: Actions;
  infoSections: Actions;
  /** The organization's sponsor tiers, suggested in the sponsor form. */
  tiers: string[];
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What an empty list says: for admins, the button to press; for members, who adds them. */
function Empty({ title, children, admin, button }: { title: string; children: ReactNode; admin: boolean; button: string }) {
  return (
    <EmptyState title={title}>
      {children} {admin ? `Add the first with “${button}” above.` : "Admins of this organization add them on this page."}
    </EmptyState>
  );
}

function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-end gap-2 max-sm:mt-2 max-sm:justify-start">{children}</div>;
}

function Move({ authoring, list, id, name, index, total }: { authoring: ProgrammeAuthoring; list: string; id: string; name: string; index: number; total: number }) {
  return <MoveButtons action={authoring.move} fields={{ orgId: authoring.orgId, list, id }} itemName={name} first={index === 0} last={index === total - 1} />;
}

const ActionsHead = () => (
  <Th>
    <span className="sr-only">Actions</span>
  </Th>
);

export function TracksPanel({ tracks, authoring }: { tracks: Programme["tracks"]; authoring: ProgrammeAuthoring | null }) {
  const common = authoring ? { orgId: authoring.orgId, eventId: authoring.eventId } : null;
  return (
    <Panel
      title="Tracks"
      id="tracks"
      description="Themes that group sessions; a session names at most one. Partners read them in this order."
      actions={authoring && common ? <TrackDialogButton {...common} action={authoring.tracks.create} /> : null}
    >
      {tracks.length === 0 ? (
        <Empty title="No tracks yet" admin={Boolean(authoring)} button="New track">
          Sessions can be placed in a track once the event has tracks.
        </Empty>
      ) : (
        <Table label="Tracks" minWidth="24rem">
          <THead>
            <Th>Name</Th>
            <Th>Sessions</Th>
            {authoring ? <ActionsHead /> : null}
          </THead>
          <TBody>
            {tracks.map((track, index) => (
              <Tr key={track.id} data-testid="track-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="flex items-center gap-2">
                    {track.color ? <span aria-hidden className="size-3 shrink-0 rounded-full ring-1 ring-zinc-900/10 dark:ring-white/20" style={{ backgroundColor: track.color }} /> : null}
                    {track.name}
                  </span>
                </Td>
                <Td label="Sessions">{count(track.sessionCount, "session", "sessions")}</Td>
                {authoring && common ? (
                  <Td>
                    <RowActions>
                      <Move authoring={authoring} list="track" id={track.id} name={track.name} index={index} total={tracks.length} />
                      <TrackDialogButton {...common} track={track} action={authoring.tracks.update} />
                      <ConfirmedChangeButton
                        fields={{ orgId: common.orgId, id: track.id }}
                        action={authoring.tracks.remove}
                        danger
                        label="Delete"
                        srLabel={track.name}
                        title={`Delete “${track.name}”?`}
                        description={
                          track.sessionCount
                            ? `${count(track.sessionCount, "session uses", "sessions use")} this track, so it cannot be deleted yet: move them to another track (or none) first.`
                            : "The track leaves the event and the Partner API's track list."
                        }
                        confirmLabel="Delete track"
                        pendingLabel="Deleting…"
                        testId="delete-track"
                      />
                    </RowActions>
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

export function RoomsPanel({ rooms, authoring }: { rooms: Programme["rooms"]; authoring: ProgrammeAuthoring | null }) {
  const common = authoring ? { orgId: authoring.orgId, eventId: authoring.eventId } : null;
  return (
    <Panel
      title="Rooms"
      id="rooms"
      description="The venue's rooms, offered when you place a session. A session keeps its room as text, so renaming a room leaves sessions as they are."
      actions={authoring && common ? <RoomDialogButton {...common} action={authoring.rooms.create} /> : null}
    >
      {rooms.length === 0 ? (
        <Empty title="No rooms yet" admin={Boolean(authoring)} button="New room">
          Sessions can be placed in a room once the event has rooms.
        </Empty>
      ) : (
        <Table label="Rooms" minWidth="20rem">
          <THead>
            <Th>Name</Th>
            {authoring ? <ActionsHead /> : null}
          </THead>
          <TBody>
            {rooms.map((room, index) => (
              <Tr key={room.id} data-testid="room-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">{room.name}</Td>
                {authoring && common ? (
                  <Td>
                    <RowActions>
                      <Move authoring={authoring} list="room" id={room.id} name={room.name} index={index} total={rooms.length} />
                      <RoomDialogButton {...common} room={room} action={authoring.rooms.update} />
                      <ConfirmedChangeButton
                        fields={{ orgId: common.orgId, id: room.id }}
                        action={authoring.rooms.remove}
                        danger
                        label="Delete"
                        srLabel={room.name}
                        title={`Delete “${room.name}”?`}
                        description="The room leaves the list; sessions placed in it keep the room name as text."
                        confirmLabel="Delete room"
                        pendingLabel="Deleting…"
                        testId="delete-room"
                      />
                    </RowActions>
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

export function SpeakersPanel({ speakers, pager, authoring }: { speakers: SpeakerPageRow[]; pager: ReactNode; authoring: ProgrammeAuthoring | null }) {
  const common = authoring ? { orgId: authoring.orgId, eventId: authoring.eventId } : null;
  return (
    <Panel
      title="Speakers"
      id="speakers"
      description="In name order, paged as the Partner API pages them."
      actions={authoring && common ? <SpeakerDialogButton {...common} action={authoring.speakers.create} /> : null}
    >
      {speakers.length === 0 ? (
        <Empty title="No speakers yet" admin={Boolean(authoring)} button="New speaker">
          Speakers are billed on their sessions once the event has them.
        </Empty>
      ) : (
        <Table label="Speakers" minWidth="32rem">
          <THead>
            <Th>Name</Th>
            <Th>Role</Th>
            <Th>Sessions</Th>
            {authoring ? <ActionsHead /> : null}
          </THead>
          <TBody>
            {speakers.map((speaker) => (
              <Tr key={speaker.id} data-testid="speaker-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">{speaker.name}</Td>
                <Td label="Role">{[speaker.title, speaker.company].filter(Boolean).join(", ") || "—"}</Td>
                <Td label="Sessions">{count(speaker.sessionCount, "session", "sessions")}</Td>
                {authoring && common ? (
                  <Td>
                    <RowActions>
                      <SpeakerDialogButton {...common} speaker={speaker} action={authoring.speakers.update} />
                      <ConfirmedChangeButton
                        fields={{ orgId: common.orgId, id: speaker.id }}
                        action={authoring.speakers.remove}
                        danger
                        label="Delete"
                        srLabel={speaker.name}
                        title={`Delete “${speaker.name}”?`}
                        description={
                          speaker.sessionCount
                            ? `${speaker.name} is billed on ${count(speaker.sessionCount, "session", "sessions")}; deleting removes them from ${speaker.sessionCount === 1 ? "it" : "them"} (subscribed endpoints receive session.updated).`
                            : "The speaker leaves the event and the Partner API's speaker list."
                        }
                        confirmLabel="Delete speaker"
                        pendingLabel="Deleting…"
                        testId="delete-speaker"
                      />
                    </RowActions>
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {pager}
    </Panel>
  );
}

export function SponsorsPanel({ sponsors, authoring }: { sponsors: Programme["sponsors"]; authoring: ProgrammeAuthoring | null }) {
  const common = authoring ? { orgId: authoring.orgId, eventId: authoring.eventId, tiers: authoring.tiers } : null;
  const featuredName = sponsors.find((sponsor) => sponsor.featured)?.name ?? null;
  return (
    <Panel
      title="Sponsors"
      id="sponsors"
      description="“Featured” is the one sponsor printed on the event's cards (featuredOnCards in the Partner API)."
      actions={authoring && common ? <SponsorDialogButton {...common} featuredName={featuredName} action={authoring.sponsors.create} /> : null}
    >
      {sponsors.length === 0 ? (
        <Empty title="No sponsors yet" admin={Boolean(authoring)} button="New sponsor">
          Sponsors are listed here and to partners once the event has them.
        </Empty>
      ) : (
        <Table label="Sponsors" minWidth="32rem">
          <THead>
            <Th>Name</Th>
            <Th>Tier</Th>
            <Th>Website</Th>
            {authoring ? <ActionsHead /> : null}
          </THead>
          <TBody>
            {sponsors.map((sponsor, index) => (
              <Tr key={sponsor.id} data-testid="sponsor-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="flex flex-wrap items-center gap-2">
                    {sponsor.name}
                    {sponsor.featured ? <Badge tone="blue">Featured</Badge> : null}
                  </span>
                </Td>
                <Td label="Tier">{sponsor.tier}</Td>
                <Td label="Website" className="break-all">{sponsor.websiteUrl ?? "—"}</Td>
                {authoring && common ? (
                  <Td>
                    <RowActions>
                      <Move authoring={authoring} list="sponsor" id={sponsor.id} name={sponsor.name} index={index} total={sponsors.length} />
                      <SponsorDialogButton {...common} featuredName={featuredName} sponsor={sponsor} action={authoring.sponsors.update} />
                      <ConfirmedChangeButton
                        fields={{ orgId: common.orgId, id: sponsor.id }}
                        action={authoring.sponsors.remove}
                        danger
                        label="Delete"
                        srLabel={sponsor.name}
                        title={`Delete “${sponsor.name}”?`}
                        description={sponsor.featured ? "This sponsor is on the cards; the event has no card sponsor until you feature another." : "The sponsor leaves the event and the Partner API's sponsor list."}
                        confirmLabel="Delete sponsor"
                        pendingLabel="Deleting…"
                        testId="delete-sponsor"
                      />
                    </RowActions>
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

const VISIBILITY_TONES = { published: "green", draft: "amber", hidden: "neutral" } as const;

export function InfoSectionsPanel({ sections, authoring }: { sections: Programme["infoSections"]; authoring: ProgrammeAuthoring | null }) {
  const common = authoring ? { orgId: authoring.orgId, eventId: authoring.eventId } : null;
  return (
    <Panel
      title="Info sections"
      id="info-sections"
      description="Practical information for attendees. Only published sections reach the Partner API; drafts and hidden sections stay here."
      actions={authoring && common ? <InfoSectionDialogButton {...common} action={authoring.infoSections.create} /> : null}
    >
      {sections.length === 0 ? (
        <Empty title="No info sections yet" admin={Boolean(authoring)} button="New info section">
          Venue, travel and other practical sections appear here once the event has them.
        </Empty>
      ) : (
        <Table label="Info sections" minWidth="32rem">
          <THead>
            <Th>Title</Th>
            <Th>Summary</Th>
            <Th>Visibility</Th>
            {authoring ? <ActionsHead /> : null}
          </THead>
          <TBody>
            {sections.map((section, index) => (
              <Tr key={section.id} data-testid="info-section-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="flex items-center gap-2">
                    <InfoIcon name={section.icon} className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
                    <span className="sr-only">{INFO_SECTION_ICON_LABELS[section.icon as InfoSectionIcon] ?? section.icon}:</span>
                    {section.title}
                  </span>
                </Td>
                <Td label="Summary">{section.summary || "—"}</Td>
                <Td label="Visibility">
                  <Badge tone={VISIBILITY_TONES[section.visibility]}>{section.visibility}</Badge>
                </Td>
                {authoring && common ? (
                  <Td>
                    <RowActions>
                      <Move authoring={authoring} list="infoSection" id={section.id} name={section.title} index={index} total={sections.length} />
                      <InfoSectionDialogButton {...common} section={section} action={authoring.infoSections.update} />
                      <ConfirmedChangeButton
                        fields={{ orgId: common.orgId, id: section.id }}
                        action={authoring.infoSections.remove}
                        danger
                        label="Delete"
                        srLabel={section.title}
                        title={`Delete “${section.title}”?`}
                        description="The section is deleted for good. To take it down for now, edit it and choose Hidden."
                        confirmLabel="Delete section"
                        pendingLabel="Deleting…"
                        testId="delete-info-section"
                      />
                    </RowActions>
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
