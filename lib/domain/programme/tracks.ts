import { z } from "zod";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { RoomSchema, TrackSchema } from "@/lib/domain/resources/resources";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";
import { lockEventList, lockItem, nextSortOrder, parseInput } from "./event-items";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { changedAnything, fieldChanges, snapshot } from "@/lib/domain/audit/summary";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// Tracks and rooms of an event. The fields are the Partner API's Track and Room (the
// projection schemas), narrowed to what an organizer may write. Neither has a webhook in
// the spec's catalogue; partners read them from GET .../tracks and .../rooms.

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const name = (label: string) =>
  TrackSchema.shape.name.trim().min(1, `Give the ${label} a name.`).max(200).refine(...refuseControlCharacters("name"));

export const trackInputSchema = z.strictObject({
  name: name("track"),
  color: TrackSchema.shape.color
    .unwrap()
    .trim()
    .regex(HEX_COLOUR, "Use # followed by six hex digits, such as #1a2b3c.")
    .transform((value) => value.toLowerCase())
    .nullable()
    .optional(),
});

export const roomInputSchema = z.strictObject({ name: RoomSchema.shape.name.pipe(name("room")) });

export type TrackInput = z.input<typeof trackInputSchema>;
export type RoomInput = z.input<typeof roomInputSchema>;

const trackColumns = { id: true, eventId: true, name: true, color: true, sortOrder: true } as const;

/** Adds a track at the end of the event's order. */
export async function createTrack(orgId: string, eventId: string, input: TrackInput, actor: Actor) {
  const fields = parseInput(trackInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "Track");
    const sortOrder = await nextSortOrder(tx, "Track", eventId);
    const track = await tx.track.create({ data: { eventId, name: fields.name, color: fields.color ?? null, sortOrder }, select: trackColumns });
    await recordAudit(tx, orgId, actor, { action: "track.created", target: { type: "track", id: track.id, label: track.name }, summary: snapshot(track, ["name", "color"]) });
    return track;
  }, WRITE_TRANSACTION);
}

/** Renames or recolours a track (its place in the order moves with moveItem). */
export async function updateTrack(orgId: string, trackId: string, input: TrackInput, actor: Actor) {
  const fields = parseInput(trackInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Track", trackId);
    const before = await tx.track.findUniqueOrThrow({ where: { id: trackId }, select: trackColumns });
    const track = await tx.track.update({ where: { id: trackId }, data: { name: fields.name, color: fields.color ?? null }, select: trackColumns });
    const summary = fieldChanges(before, track, ["name", "color"]);
    if (changedAnything(summary)) await recordAudit(tx, orgId, actor, { action: "track.updated", target: { type: "track", id: trackId, label: track.name }, summary });
    return track;
  }, WRITE_TRANSACTION);
}

/**
 * Deletes a track no session uses. A track in use is refused with the count (409,
 * reason track_in_use, details.sessionCount): detaching would change those sessions'
 * trackId behind the organizer's back and fan out a session.updated per session, so the
 * organizer moves or clears them first, on purpose.
 */
export async function deleteTrack(orgId: string, trackId: string, actor: Actor) {
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Track", trackId);
    const sessionCount = await tx.session.count({ where: { trackId } });
    if (sessionCount > 0) {
      throw new AppError(
        "CONFLICT",
        `${sessionCount === 1 ? "1 session uses" : `${sessionCount} sessions use`} this track. Move ${sessionCount === 1 ? "it" : "them"} to another track or to no track first.`,
        { reason: "track_in_use", sessionCount },
      );
    }
    const track = await tx.track.delete({ where: { id: trackId }, select: trackColumns });
    await recordAudit(tx, orgId, actor, { action: "track.deleted", target: { type: "track", id: trackId, label: track.name }, summary: snapshot(track, ["name", "color"]) });
    return track;
  }, WRITE_TRANSACTION);
}

const roomColumns = { id: true, eventId: true, name: true, sortOrder: true } as const;

/** Adds a room at the end of the event's order. */
export async function createRoom(orgId: string, eventId: string, input: RoomInput, actor: Actor) {
  const fields = parseInput(roomInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockEventList(tx, orgId, eventId, "Room");
    const sortOrder = await nextSortOrder(tx, "Room", eventId);
    const room = await tx.room.create({ data: { eventId, name: fields.name, sortOrder }, select: roomColumns });
    await recordAudit(tx, orgId, actor, { action: "room.created", target: { type: "room", id: room.id, label: room.name }, summary: snapshot(room, ["name"]) });
    return room;
  }, WRITE_TRANSACTION);
}

/**
 * Renames a room. A session's room is free text (the spec: not an id into the rooms
 * list), so sessions keep the name they were given.
 */
export async function updateRoom(orgId: string, roomId: string, input: RoomInput, actor: Actor) {
  const fields = parseInput(roomInputSchema, input);
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Room", roomId);
    const before = await tx.room.findUniqueOrThrow({ where: { id: roomId }, select: roomColumns });
    const room = await tx.room.update({ where: { id: roomId }, data: { name: fields.name }, select: roomColumns });
    const summary = fieldChanges(before, room, ["name"]);
    if (changedAnything(summary)) await recordAudit(tx, orgId, actor, { action: "room.updated", target: { type: "room", id: roomId, label: room.name }, summary });
    return room;
  }, WRITE_TRANSACTION);
}

/** Deletes a room; sessions keep their free-text room name. */
export async function deleteRoom(orgId: string, roomId: string, actor: Actor) {
  return getDb().$transaction(async (tx) => {
    await lockItem(tx, orgId, "Room", roomId);
    const room = await tx.room.delete({ where: { id: roomId }, select: roomColumns });
    await recordAudit(tx, orgId, actor, { action: "room.deleted", target: { type: "room", id: roomId, label: room.name }, summary: snapshot(room, ["name"]) });
    return room;
  }, WRITE_TRANSACTION);
}
