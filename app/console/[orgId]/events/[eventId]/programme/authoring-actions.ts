"use server";

import { consoleAction } from "@/lib/console/action";
import type { Actor } from "@/lib/domain/audit/record";
import type { ActionResult, ActionState } from "@/lib/console/action-result";
import { formText } from "@/lib/console/run-action";
import { jsonField } from "@/lib/console/form-json";
import { moveItem, type MoveDirection, type OrderedTable } from "@/lib/domain/programme/event-items";
import { createInfoSection, deleteInfoSection, updateInfoSection, type InfoSectionInput } from "@/lib/domain/programme/info-sections";
import { createSpeaker, deleteSpeaker, updateSpeaker } from "@/lib/domain/programme/speakers";
import { createSponsor, deleteSponsor, updateSponsor } from "@/lib/domain/programme/sponsors";
import { createRoom, createTrack, deleteRoom, deleteTrack, updateRoom, updateTrack } from "@/lib/domain/programme/tracks";

// Thin: each action checks the admin of the organization named in the form and calls one
// lib/domain/programme operation, which scopes the event or item to that organization and
// validates with the schema the Partner API's projection is narrowed from.

const text = (formData: FormData, name: string) => formText(formData, name) ?? "";

type Result = Promise<ActionResult<null>>;

/** The preamble of every action here: the admin of the organization named in the form, then one operation. */
function asAdmin(formData: FormData, body: (orgId: string, actor: Actor) => Promise<string>): Result {
  return consoleAction(async ({ orgId, actor }) => ({ message: await body(orgId, actor), data: null }), { refresh: "events" })(null, formData);
}

const trackFields = (formData: FormData) => ({ name: text(formData, "name"), color: text(formData, "color") || null });
const speakerFields = (formData: FormData) => ({
  name: text(formData, "name"),
  title: text(formData, "title"),
  company: text(formData, "company"),
  bio: text(formData, "bio"),
  photoUrl: text(formData, "photoUrl"),
});

const sponsorFields = (formData: FormData) => ({
  name: text(formData, "name"),
  tier: text(formData, "tier"),
  websiteUrl: text(formData, "websiteUrl"),
  description: text(formData, "description"),
  featuredOnCards: formData.get("featuredOnCards") === "on",
});

const infoSectionFields = (formData: FormData) => ({
  title: text(formData, "title"),
  summary: text(formData, "summary"),
  body: text(formData, "body"),
  icon: text(formData, "icon") as InfoSectionInput["icon"],
  visibility: text(formData, "visibility") as InfoSectionInput["visibility"],
  details: jsonField(formData, "details") as InfoSectionInput["details"],
});

export async function createTrackAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const track = await createTrack(orgId, text(formData, "eventId"), trackFields(formData), actor);
    return `Track “${track.name}” added.`;
  });
}

export async function updateTrackAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const track = await updateTrack(orgId, text(formData, "id"), trackFields(formData), actor);
    return `Track “${track.name}” saved.`;
  });
}

export async function deleteTrackAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const track = await deleteTrack(orgId, text(formData, "id"), actor);
    return `Track “${track.name}” deleted.`;
  });
}

export async function createRoomAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const room = await createRoom(orgId, text(formData, "eventId"), { name: text(formData, "name") }, actor);
    return `Room “${room.name}” added.`;
  });
}

export async function updateRoomAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const room = await updateRoom(orgId, text(formData, "id"), { name: text(formData, "name") }, actor);
    return `Room “${room.name}” saved.`;
  });
}

export async function deleteRoomAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const room = await deleteRoom(orgId, text(formData, "id"), actor);
    return `Room “${room.name}” deleted.`;
  });
}

export async function createSpeakerAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const speaker = await createSpeaker(orgId, text(formData, "eventId"), speakerFields(formData), actor);
    return `Speaker “${speaker.name}” added.`;
  });
}

export async function updateSpeakerAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const speaker = await updateSpeaker(orgId, text(formData, "id"), speakerFields(formData), actor);
    return `Speaker “${speaker.name}” saved.`;
  });
}

export async function deleteSpeakerAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const speaker = await deleteSpeaker(orgId, text(formData, "id"), actor);
    const sessions = speaker.sessionCount === 1 ? "1 session" : `${speaker.sessionCount} sessions`;
    return speaker.sessionCount
      ? `Speaker “${speaker.name}” deleted and removed from ${sessions}. Subscribed endpoints receive session.updated.`
      : `Speaker “${speaker.name}” deleted.`;
  });
}

export async function createSponsorAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const sponsor = await createSponsor(orgId, text(formData, "eventId"), sponsorFields(formData), actor);
    return `Sponsor “${sponsor.name}” added.`;
  });
}

export async function updateSponsorAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const sponsor = await updateSponsor(orgId, text(formData, "id"), sponsorFields(formData), actor);
    return `Sponsor “${sponsor.name}” saved.`;
  });
}

export async function deleteSponsorAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const sponsor = await deleteSponsor(orgId, text(formData, "id"), actor);
    return `Sponsor “${sponsor.name}” deleted.`;
  });
}

export async function createInfoSectionAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const section = await createInfoSection(orgId, text(formData, "eventId"), infoSectionFields(formData), actor);
    return `Info section “${section.title}” added (${section.visibility}).`;
  });
}

export async function updateInfoSectionAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const section = await updateInfoSection(orgId, text(formData, "id"), infoSectionFields(formData), actor);
    return `Info section “${section.title}” saved (${section.visibility}).`;
  });
}

export async function deleteInfoSectionAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const section = await deleteInfoSection(orgId, text(formData, "id"), actor);
    return `Info section “${section.title}” deleted.`;
  });
}

// A Map: a plain object would answer `__proto__` or `constructor` from its prototype.
const MOVABLE = new Map<string, OrderedTable>([["track", "Track"], ["room", "Room"], ["sponsor", "Sponsor"], ["infoSection", "InfoSection"]]);

/** Moves a track, room, sponsor or info section one place up or down its list. */
export async function moveItemAction(_previous: ActionState<null>, formData: FormData): Result {
  return asAdmin(formData, async (orgId, actor) => {
    const table = MOVABLE.get(text(formData, "list"));
    const direction = text(formData, "direction") as MoveDirection;
    if (!table) return "Nothing moved.";
    const { moved } = await moveItem(orgId, table, text(formData, "id"), direction, actor);
    return moved ? `Moved ${direction}.` : `Already at the ${direction === "up" ? "top" : "bottom"}.`;
  });
}
