import type { z } from "zod";
import { createAttendeeBodySchema, type CreateAttendeeInput } from "@/lib/domain/attendees/attendee-input";
import { upsertAttendeeByEmail } from "@/lib/domain/attendees/upsert-attendee";
import { upsertAttendeesByEmail, type UpsertResult } from "@/lib/domain/attendees/upsert-attendees";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createSession } from "@/lib/domain/programme/create-session";
import { createSessionSchema, SESSION_TYPES, type CreateSessionInput } from "@/lib/domain/programme/session-input";
import { updateSession } from "@/lib/domain/programme/update-session";
import { matchSkipRule } from "./skip-rules";
import { applyMapping, recordIdOf, type AttendeeMapping, type ImportMapping, type ImportTarget, type SessionMapping, type SkipReason } from "./mapping";

// What a mapped record becomes, per target. Two steps so the console's preview can run
// the first without writing anything:
//
// 1. prepare: mapping (mapping.ts) + the domain's own input schema (the one the API and
//    console validate with) + track lookup. Failing here skips the record with a reason.
// 2. apply: the domain operations every other surface uses, so badge codes, validation,
//    the archived-event rule and webhook events are identical:
//    - attendees: upsertAttendeesByEmail, a batch at a time (email is the key, any letter
//      case; the single-record upsertAttendeeByEmail is the same code with one record);
//    - sessions: the SessionSourceLink (dataSourceId, externalId) → session; updateSession
//      when linked (it reports "changed" itself), else createSession + a new link, in one
//      transaction per record.
//
// Tracks are matched by name (ignoring case and surrounding spaces) among the event's
// EXISTING tracks. An unknown name skips the record with a reason rather than creating a
// track: a typo in the partner's data would otherwise grow the programme's track list,
// and tracks carry colour and order that only the organiser can choose.

export type RecordOutcome = "created" | "updated" | "unchanged";

export type TargetContext = {
  orgId: string;
  eventId: string;
  eventStatus: "draft" | "published" | "archived";
  dataSourceId: string | null;
  /** The event's zone: date texts without an offset are read in it unless parseDate names one. */
  timezone: string;
  /** Lower-cased, trimmed track name → track id, for sessions. */
  tracks: Map<string, string>;
};

export type PreparedAttendee = { target: "attendees"; key: string; fields: CreateAttendeeInput };
/** `fields` has exactly the mapped keys (an unmapped field is left as stored on update). */
export type PreparedSession = { target: "sessions"; key: string; externalId: string; fields: Partial<CreateSessionInput> };
export type PreparedRecord = PreparedAttendee | PreparedSession;

/** A record a skip rule leaves out on purpose: not an error, counted apart. */
export type ExcludedRecord = { ok: false; excluded: true; reason: string };
/** `sourceId`: the partner's own id of the record, when the mapping says where it is. */
export type PrepareResult = ({ ok: true; record: PreparedRecord } | (SkipReason & { excluded?: false }) | ExcludedRecord) & { sourceId?: string };

/** The event's zone and tracks, loaded once per run or preview. */
export async function loadTargetContext(orgId: string, eventId: string, dataSourceId: string | null): Promise<TargetContext> {
  const event = await getDb().event.findFirst({
    where: { id: eventId, orgId },
    select: { status: true, timezone: true, tracks: { select: { id: true, name: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] } },
  });
  if (!event) throw new AppError("NOT_FOUND", "No such event.");
  const tracks = new Map<string, string>();
  // With two tracks of the same name, the first in the organiser's order wins.
  for (const track of event.tracks) {
    const key = trackKey(track.name);
    if (!tracks.has(key)) tracks.set(key, track.id);
  }
  return { orgId, eventId, eventStatus: event.status, dataSourceId, timezone: event.timezone, tracks };
}

function trackKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * "field: message" from the first zod issue, without doubling a field name the message
 * already starts with, and the field with the mapped value it refused.
 */
function issueReason(issues: readonly z.core.$ZodIssue[], mapped: Record<string, unknown>): SkipReason {
  const issue = issues[0];
  const field = issue.path.map(String).join(".");
  const at = field ? { field: String(issue.path[0]), value: mapped[String(issue.path[0])] } : {};
  if (field === "type" && issue.code === "invalid_value") {
    return { ok: false, reason: `type: not a session type (one of ${SESSION_TYPES.join(", ")}); translate the source's values with a map transform.`, ...at };
  }
  if (!field || issue.message.startsWith(field)) return { ok: false, reason: issue.message, ...at };
  return { ok: false, reason: `${field}: ${issue.message}`, ...at };
}

function prepareAttendee(record: unknown, mapping: AttendeeMapping, context: TargetContext): PrepareResult {
  const mapped = applyMapping(record, mapping, { timezone: context.timezone });
  if (!mapped.ok) return mapped;
  const parsed = createAttendeeBodySchema.safeParse(mapped.value);
  if (!parsed.success) return issueReason(parsed.error.issues, mapped.value);
  return { ok: true, record: { target: "attendees", key: parsed.data.email.toLowerCase(), fields: mapped.value } };
}

function prepareSession(record: unknown, mapping: SessionMapping, context: TargetContext): PrepareResult {
  const mapped = applyMapping(record, mapping, { timezone: context.timezone });
  if (!mapped.ok) return mapped;
  const { externalId, track, ...rest } = mapped.value;
  // Typed loosely until the domain schema below has checked it (type is any text here).
  const fields: Record<string, unknown> = { ...rest };
  if (track !== undefined) {
    if (track === null) {
      fields.trackId = null;
    } else {
      const trackId = context.tracks.get(trackKey(track));
      if (!trackId) return { ok: false, reason: `track: the event has no track named "${track.trim()}" (create it in the console first).`, field: "track", value: track };
      fields.trackId = trackId;
    }
  }
  // Checked as a creation (the stricter case: type defaults to "other" when unmapped).
  const parsed = createSessionSchema.safeParse({ ...fields, type: fields.type ?? "other" });
  if (!parsed.success) return issueReason(parsed.error.issues, { ...mapped.value, ...fields });
  return { ok: true, record: { target: "sessions", key: externalId, externalId, fields: fields as Partial<CreateSessionInput> } };
}

/** Skip rules first (a cancelled registration is left out whatever its fields hold), then the mapping. */
export function prepareRecord(target: ImportTarget, record: unknown, mapping: ImportMapping, context: TargetContext): PrepareResult {
  const sourceId = recordIdOf(record, mapping);
  const id = sourceId !== undefined ? { sourceId } : {};
  const excluded = matchSkipRule(record, mapping.skip);
  if (excluded) return { ok: false, excluded: true, reason: excluded.reason, ...id };
  const prepared = target === "attendees"
    ? prepareAttendee(record, mapping as AttendeeMapping, context)
    : prepareSession(record, mapping as SessionMapping, context);
  return { ...prepared, ...id };
}

const BATCH_TRANSACTION = { maxWait: 10_000, timeout: 60_000 };

/**
 * A session and its SessionSourceLink in one transaction, so a failure never leaves a
 * session without its link (the next pull would import it a second time).
 */
async function applySession(prepared: PreparedSession, context: TargetContext): Promise<RecordOutcome> {
  const dataSourceId = context.dataSourceId;
  if (!dataSourceId) throw new Error("Sessions are applied for a saved data source only.");
  const key = { dataSourceId_externalId: { dataSourceId, externalId: prepared.externalId } };
  return getDb().$transaction(async (tx) => {
    const link = await tx.sessionSourceLink.findUnique({ where: key, select: { sessionId: true } });
    if (link) {
      try {
        // No audit actor: an import's changes are traced to its data source and run, not the log.
        const { changed } = await updateSession(context.orgId, link.sessionId, prepared.fields, null, { tx });
        return changed ? "updated" : "unchanged";
      } catch (error) {
        // The linked session is gone (the link cascades with it, so only a race gets here):
        // import it afresh below. The refusal came before any statement failed, so the
        // transaction is still usable.
        if (!(error instanceof AppError && error.code === "NOT_FOUND")) throw error;
      }
    }
    const fields = { ...prepared.fields, type: prepared.fields.type ?? "other" } as CreateSessionInput;
    const session = await createSession(context.orgId, context.eventId, fields, null, { tx });
    // Runs of one source never overlap (the run lease), so no other writer races for this key.
    await tx.sessionSourceLink.upsert({
      where: key,
      create: { dataSourceId, externalId: prepared.externalId, sessionId: session.id },
      update: { sessionId: session.id },
    });
    return "created";
  }, BATCH_TRANSACTION);
}

/** Writes one prepared record through the domain operation, in its own transaction. Throws AppError for a refusal. */
export async function applyRecord(prepared: PreparedRecord, context: TargetContext): Promise<RecordOutcome> {
  if (prepared.target === "attendees") {
    const { outcome } = await upsertAttendeeByEmail(context.orgId, context.eventId, prepared.fields);
    return outcome;
  }
  return applySession(prepared, context);
}

export type BatchItem = { index: number; record: PreparedRecord };
export type BatchResult = { index: number; outcome: RecordOutcome } | { index: number; error: AppError };
/** `stopped`: a run-level refusal met while applying; the results before it are still true. */
export type BatchOutcome = { results: BatchResult[]; stopped: AppError | null };

/** Refusals about the event rather than the record: every other record would get them too. */
export function isRunLevelRefusal(error: AppError): boolean {
  return error.code === "NOT_FOUND" || error.details?.reason === "event_archived";
}

/**
 * The attendees of a batch in one transaction through upsertAttendeesByEmail: a handful of
 * statements whatever the batch size, records applied in source order (the same address
 * twice is applied twice, in order). When the batch as a whole fails (a database error
 * such as a deadlock with another writer, or no free badge code) it was rolled back, and
 * its records are retried one by one, each in its own transaction, so one record cannot
 * take its neighbours down.
 */
async function applyAttendeeBatch(items: BatchItem[], context: TargetContext): Promise<BatchOutcome> {
  let outcomes: UpsertResult[];
  try {
    const fields = items.map(({ record }) => (record as PreparedAttendee).fields);
    outcomes = await getDb().$transaction(
      (tx) => upsertAttendeesByEmail(context.orgId, context.eventId, fields, { tx }),
      BATCH_TRANSACTION,
    );
  } catch (error) {
    if (error instanceof AppError && isRunLevelRefusal(error)) return { results: [], stopped: error };
    return applyOneByOne(items, context);
  }
  const results = outcomes.map((result, k): BatchResult => {
    const { index } = items[k];
    return result.outcome === "invalid" ? { index, error: result.error } : { index, outcome: result.outcome };
  });
  return { results, stopped: null };
}

/** Applies a batch of prepared records (all of one target) through the domain operations. */
export async function applyBatch(items: BatchItem[], context: TargetContext): Promise<BatchOutcome> {
  if (items.length === 0) return { results: [], stopped: null };
  return items[0].record.target === "attendees" ? applyAttendeeBatch(items, context) : applyOneByOne(items, context);
}

/** Each record in its own transaction: sessions, and the fallback that isolates a record a batch could not take. */
export async function applyOneByOne(items: BatchItem[], context: TargetContext): Promise<BatchOutcome> {
  const results: BatchResult[] = [];
  for (const { index, record } of items) {
    try {
      results.push({ index, outcome: await applyRecord(record, context) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (isRunLevelRefusal(error)) return { results, stopped: error };
      results.push({ index, error });
    }
  }
  return { results, stopped: null };
}
