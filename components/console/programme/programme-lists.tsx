import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { Programme } from "@/lib/console/programme-workspace";

// The read-only parts of an event's programme. This console has no editor for them: they
// come from the organizer app of the event-management service.

const SOURCE_HINT = (
  <>
    They are managed in the organizer app of the event-management service, and appear here and to your partners (through the{" "}
    <Link className="font-medium underline underline-offset-2" href="/partner/v1/docs">
      Partner API
    </Link>
    ) once added there.
  </>
);

function Empty({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmptyState title={title}>
      {children} {SOURCE_HINT}
    </EmptyState>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function TracksPanel({ tracks }: { tracks: Programme["tracks"] }) {
  return (
    <Panel title="Tracks" id="tracks" description="Themes that group sessions; a session names at most one.">
      {tracks.length === 0 ? (
        <Empty title="No tracks yet">Sessions can be placed in a track once the event has tracks.</Empty>
      ) : (
        <Table label="Tracks" minWidth="24rem">
          <THead><Th>Name</Th><Th>Sessions</Th></THead>
          <TBody>
            {tracks.map((track) => (
              <Tr key={track.id} data-testid="track-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="flex items-center gap-2">
                    {track.color ? <span aria-hidden className="size-3 shrink-0 rounded-full ring-1 ring-zinc-900/10 dark:ring-white/20" style={{ backgroundColor: track.color }} /> : null}
                    {track.name}
                  </span>
                </Td>
                <Td label="Sessions">{count(track.sessionCount, "session", "sessions")}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}

export function RoomsPanel({ rooms }: { rooms: Programme["rooms"] }) {
  return (
    <Panel title="Rooms" id="rooms" description="The venue's rooms, offered when you place a session.">
      {rooms.length === 0 ? (
        <Empty title="No rooms yet">Sessions can be placed in a room once the event has rooms.</Empty>
      ) : (
        <ul className="flex flex-wrap gap-2 px-4 py-4 sm:px-6" aria-label="Rooms">
          {rooms.map((room) => (
            <li key={room.id} data-testid="room-item">
              <Badge>{room.name}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function SpeakersPanel({ speakers, limit }: { speakers: Programme["speakers"]; limit: number }) {
  return (
    <Panel
      title="Speakers"
      id="speakers"
      description={speakers.length >= limit ? `The first ${limit} by name.` : "In name order, as the Partner API lists them."}
    >
      {speakers.length === 0 ? (
        <Empty title="No speakers yet">Speakers appear on their sessions once the event has them.</Empty>
      ) : (
        <Table label="Speakers" minWidth="32rem">
          <THead><Th>Name</Th><Th>Role</Th><Th>Sessions</Th></THead>
          <TBody>
            {speakers.map((speaker) => (
              <Tr key={speaker.id} data-testid="speaker-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">{speaker.name}</Td>
                <Td label="Role">{[speaker.title, speaker.company].filter(Boolean).join(", ") || "—"}</Td>
                <Td label="Sessions">{count(speaker.sessionCount, "session", "sessions")}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}

export function SponsorsPanel({ sponsors }: { sponsors: Programme["sponsors"] }) {
  return (
    <Panel title="Sponsors" id="sponsors" description="“Featured” is the sponsor shown on the event's cards (featuredOnCards in the Partner API).">
      {sponsors.length === 0 ? (
        <Empty title="No sponsors yet">Sponsors are listed here and to partners once the event has them.</Empty>
      ) : (
        <Table label="Sponsors" minWidth="32rem">
          <THead><Th>Name</Th><Th>Tier</Th><Th>Website</Th></THead>
          <TBody>
            {sponsors.map((sponsor) => (
              <Tr key={sponsor.id} data-testid="sponsor-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">
                  <span className="flex flex-wrap items-center gap-2">
                    {sponsor.name}
                    {sponsor.featured ? <Badge tone="blue">Featured</Badge> : null}
                  </span>
                </Td>
                <Td label="Tier">{sponsor.tier}</Td>
                <Td label="Website" className="break-all">{sponsor.websiteUrl ?? "—"}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}

const VISIBILITY_TONES = { published: "green", draft: "amber", hidden: "neutral" } as const;

export function InfoSectionsPanel({ sections }: { sections: Programme["infoSections"] }) {
  return (
    <Panel title="Info sections" id="info-sections" description="Practical information for attendees. Only published sections reach the Partner API.">
      {sections.length === 0 ? (
        <Empty title="No info sections yet">Venue, travel and other practical sections appear here once the event has them.</Empty>
      ) : (
        <Table label="Info sections" minWidth="32rem">
          <THead><Th>Title</Th><Th>Summary</Th><Th>Visibility</Th></THead>
          <TBody>
            {sections.map((section) => (
              <Tr key={section.id} data-testid="info-section-row">
                <Td className="font-medium text-zinc-900 dark:text-zinc-100">{section.title}</Td>
                <Td label="Summary">{section.summary || "—"}</Td>
                <Td label="Visibility"><Badge tone={VISIBILITY_TONES[section.visibility]}>{section.visibility}</Badge></Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Panel>
  );
}
