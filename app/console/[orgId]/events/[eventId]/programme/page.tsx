import Link from "next/link";
import type { Metadata } from "next";
import { isoToWallClock } from "@/lib/platform/time/time-zone";
import { notFound } from "next/navigation";
import {
  InfoSectionsPanel,
  RoomsPanel,
  SpeakersPanel,
  SponsorsPanel,
  TracksPanel,
  type ProgrammeAuthoring,
} from "@/components/console/programme/programme-lists";
import { KeysetPager } from "@/components/console/engagement/keyset-pager";
import { SessionDialogButton } from "@/components/console/programme/session-dialog";
import { SessionsTable, type SessionActions } from "@/components/console/programme/sessions-table";
import { ProgrammeGrid, ProgrammeViewSwitch } from "@/components/console/programme/programme-grid";
import { Callout } from "@/components/ui/callout";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { requireMember } from "@/lib/console/guard";
import { findOrgEvent } from "@/lib/console/event-workspace";
import { loadProgramme, PROGRAMME_LIST_LIMIT } from "@/lib/console/programme-workspace";
import { loadSpeakerPage } from "@/lib/console/speaker-page";
import { listSponsorTiers } from "@/lib/domain/programme/sponsors";
import { createSessionAction, deleteSessionAction, updateSessionAction } from "./actions";
import * as authoringActions from "./authoring-actions";

export const metadata: Metadata = { title: "Programme" };

type Props = { params: Promise<{ orgId: string; eventId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProgrammePage({ params, searchParams }: Props) {
  const { orgId, eventId } = await params;
  const query = await searchParams;
  const speakersCursor = [query.speakers].flat()[0];
  const view = [query.view].flat()[0] === "grid" ? "grid" : "list";
  const { membership } = await requireMember(orgId);
  const event = await findOrgEvent(orgId, eventId);
  if (!event) notFound();
  const [programme, speakerPage] = await Promise.all([loadProgramme(orgId, eventId), loadSpeakerPage(orgId, eventId, speakersCursor)]);
  const archived = event.status === "archived";
  // Admins change sessions, except in an archived event (the operations answer 409 event_archived).
  const actions: SessionActions | null =
    membership.role === "admin" && !archived
      ? {
          context: { orgId, eventId, timezone: event.timezone, eventStartLocal: isoToWallClock(event.startAt, event.timezone), eventEndLocal: isoToWallClock(event.endAt, event.timezone), tracks: programme.tracks, rooms: programme.rooms, speakers: programme.speakers },
          update: updateSessionAction,
          remove: deleteSessionAction,
        }
      : null;
  const authoring = actions ? await programmeAuthoring(orgId, eventId) : null;
  return (
    <>
      {archived ? (
        <Callout tone="info" title="Read-only: this event is archived" data-testid="archived-notice">
          An archived event’s programme cannot change, here or through data sources.
        </Callout>
      ) : null}
      <Panel
        title="Sessions"
        id="sessions"
        description={`${programme.sessions.length >= PROGRAMME_LIST_LIMIT ? `The first ${PROGRAMME_LIST_LIMIT} in` : "In"} start-time order, times on the venue's clock (${event.timezone}). Changes reach subscribed endpoints as session.created, session.updated and session.deleted.`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ProgrammeViewSwitch path={`/console/${orgId}/events/${eventId}/programme`} view={view} query={speakersCursor ? { speakers: speakersCursor } : {}} />
            {actions ? <SessionDialogButton context={actions.context} action={createSessionAction} testId="new-session" /> : null}
          </div>
        }
      >
        {programme.sessions.length === 0 ? (
          <EmptyState title="No sessions yet">
            {actions
              ? "Add the first with “New session”, or import the programme with a data source (Data sources → New)."
              : <>Sessions are added by this organization&apos;s admins on this page, or imported by a <Link className="font-medium underline underline-offset-2" href={`/console/${orgId}/data-sources`}>data source</Link>.</>}
          </EmptyState>
        ) : view === "grid" ? (
          <ProgrammeGrid sessions={programme.sessions} timezone={event.timezone} rooms={programme.rooms} />
        ) : (
          <SessionsTable sessions={programme.sessions} timezone={event.timezone} event={{ startAt: event.startAt, endAt: event.endAt }} actions={actions} />
        )}
      </Panel>
      <TracksPanel tracks={programme.tracks} authoring={authoring} />
      <RoomsPanel rooms={programme.rooms} authoring={authoring} />
      <SpeakersPanel
        speakers={speakerPage.rows}
        authoring={authoring}
        pager={
          <KeysetPager
            path={`/console/${orgId}/events/${eventId}/programme`}
            query={view === "grid" ? { view } : {}}
            param="speakers"
            next={speakerPage.next}
            label="Speaker pages"
            anchor="speakers"
          />
        }
      />
      <SponsorsPanel sponsors={programme.sponsors} authoring={authoring} />
      <InfoSectionsPanel sections={programme.infoSections} authoring={authoring} />
    </>
  );
}

/** The server actions an admin's programme lists post to, with the organization's sponsor tiers. */
async function programmeAuthoring(orgId: string, eventId: string): Promise<ProgrammeAuthoring> {
  const a = authoringActions;
  return {
    orgId,
    eventId,
    move: a.moveItemAction,
    tracks: { create: a.createTrackAction, update: a.updateTrackAction, remove: a.deleteTrackAction },
    rooms: { create: a.createRoomAction, update: a.updateRoomAction, remove: a.deleteRoomAction },
    speakers: { create: a.createSpeakerAction, update: a.updateSpeakerAction, remove: a.deleteSpeakerAction },
    sponsors: { create: a.createSponsorAction, update: a.updateSponsorAction, remove: a.deleteSponsorAction },
    infoSections: { create: a.createInfoSectionAction, update: a.updateInfoSectionAction, remove: a.deleteInfoSectionAction },
    tiers: await listSponsorTiers(orgId),
  };
}
