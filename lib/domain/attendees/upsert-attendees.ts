import { randomBytes } from "node:crypto";
import { BADGE_CODE_ATTEMPTS } from "@/lib/domain/badges/assign-badge-code";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { toAttendee, type AttendeeRow } from "@/lib/domain/resources/projections";
import type { AttendeeResource } from "@/lib/domain/resources/resources";
import type { WebhookEventType } from "@/lib/domain/webhooks/event-types";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { previousAttributes, type PreviousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import {
  attendeeChanges,
  createAttendeeBodySchema,
  newAttendeeFields,
  type AttendeeChanges,
  type NewAttendeeFields,
} from "./attendee-input";
import { ATTENDEE_RETURNING } from "./attendee-sql";
import { inTransaction, type Tx } from "@/lib/platform/db/write-transaction";
import { assertEventWritable, lockEventForAttendeeWrite } from "./writable-event";

// Create-or-update by address for many records at once, for the data-source importer
// (and, with one record, upsertAttendeeByEmail). The rules are those of the API's own
// writes: the POST body's schema, trimming and blank-to-null, badge codes unique per
// event, the archived-event refusal, updatedAt moving only on a real change, and the
// outbox events recorded in the same transaction (attendee.created for an insert,
// attendee.updated for a real change, nothing for a record identical to what is stored).
//
// A batch costs a handful of statements whatever its size: the event lock, one locking
// read of the addresses already on the event, one multi-row INSERT for the new ones, one
// multi-row UPDATE for the changed ones and one multi-row insert into the outbox
// (recordWebhookEventsInBulk). Only rare races add statements (see insertNewAttendees).
//
// Records are applied as if one after the other, in input order. The same address twice
// in a batch (in any letter case) is one attendee: its first record creates or updates it,
// each later record is compared with the attendee as the earlier ones left it, so every
// record gets the outcome it would have had on its own ("created" then "updated", or
// "unchanged" when it repeats its predecessor) and one webhook event per created/updated
// outcome, carrying the attendee as that record left it. The stored row ends as the last
// record made it. Writes are coalesced: the row is inserted once and updated at most once,
// so each outcome's `attendee` shows the fields as that record left them with the
// timestamps of the write that stored them (records superseded in the batch share the
// final write's updatedAt).
//
// Concurrency: rows are locked (FOR UPDATE) and inserted in one fixed order (by address),
// so two batches with overlapping addresses queue rather than deadlock, and a batch that
// meets an address another transaction just inserted updates that attendee instead of
// adding a second one. Like upsertAttendeeByEmail, nothing is fanned out to webhook
// endpoints here: the caller dispatches once its transaction committed.

export type UpsertOutcome = "created" | "updated" | "unchanged";

export type UpsertResult =
  | { outcome: UpsertOutcome; attendee: AttendeeResource }
  /** `error`: the INVALID_INPUT AppError the API would answer (details.fields names the field); `reason`: its first fault in one line. */
  | { outcome: "invalid"; reason: string; error: AppError };

export type UpsertOptions = {
  /** Run in the caller's transaction (READ COMMITTED); otherwise the batch runs in its own. */
  tx?: Tx;
  /** Badge code source; tests inject one to force collisions. */
  generateBadgeCode?: () => string;
};

/**
 * One line for a refused record: "field: message" for the first failing field (the
 * message alone when it already names the field), else the error's message.
 */
export function describeRecordError(error: AppError): string {
  const fields = error.details?.fields as Record<string, { message: string }> | undefined;
  const first = fields ? Object.entries(fields)[0] : undefined;
  if (first) return first[1].message.startsWith(first[0]) ? first[1].message : `${first[0]}: ${first[1].message}`;
  return error.message;
}

type ValidRecord = { index: number; changes: AttendeeChanges; newFields: NewAttendeeFields };

/** The records of one address, in input order, and the attendee they apply to. */
type Group = { email: string; records: ValidRecord[]; base: AttendeeRow | null; inserted: boolean };

const CHANGEABLE = ["displayName", "company", "jobTitle"] as const;

/** The fields of `changes` whose value differs from `current` (undefined leaves a field as it is). */
function differingFields(current: AttendeeRow, changes: AttendeeChanges): AttendeeChanges {
  const differing: AttendeeChanges = {};
  for (const field of CHANGEABLE) {
    const value = changes[field];
    if (value !== undefined && value !== current[field]) Object.assign(differing, { [field]: value });
  }
  return differing;
}

/** The QR secret behind a badge; internal, never returned. */
function newQrToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The attendees of the event with these addresses (any letter case), row-locked in address order. */
async function lockAttendeesByEmail(tx: Tx, eventId: string, emails: string[]): Promise<AttendeeRow[]> {
  if (emails.length === 0) return [];
  return tx.$queryRaw<AttendeeRow[]>`
    SELECT ${ATTENDEE_RETURNING} FROM "Attendee" a
    WHERE a."eventId" = ${eventId}::uuid AND a.email = ANY(${emails}::citext[])
    ORDER BY a.email
    FOR UPDATE OF a`;
}

/**
 * Inserts an attendee per group with the first record's fields. ON CONFLICT DO NOTHING
 * (no target: email, badge code and QR token indexes alike) never raises a unique
 * violation, which would abort the caller's transaction; a group whose row did not come
 * back either lost its address to a concurrent insert (that statement waited for the other
 * transaction, so the next read sees its row: the group goes the update way) or its random
 * badge code was taken (tried again with a new one, BADGE_CODE_ATTEMPTS times in all).
 */
async function insertNewAttendees(tx: Tx, eventId: string, groups: Group[], nextCode: () => string): Promise<void> {
  // One fixed order (by address): concurrent batches wait for each other instead of deadlocking.
  let pending = [...groups].sort((a, b) => (a.email.toLowerCase() < b.email.toLowerCase() ? -1 : 1));
  for (let attempt = 0; attempt < BADGE_CODE_ATTEMPTS && pending.length > 0; attempt++) {
    const fields = pending.map((group) => group.records[0].newFields);
    const inserted = await tx.$queryRaw<AttendeeRow[]>`
      INSERT INTO "Attendee" AS a ("eventId", "displayName", email, company, "jobTitle", "badgeCode", "qrToken")
      SELECT ${eventId}::uuid, r."displayName", r.email, r.company, r."jobTitle", r."badgeCode", r."qrToken"
      FROM unnest(${fields.map((f) => f.displayName)}::text[], ${fields.map((f) => f.email)}::citext[],
                  ${fields.map((f) => f.company)}::text[], ${fields.map((f) => f.jobTitle)}::text[],
                  ${fields.map(() => nextCode())}::text[], ${fields.map(() => newQrToken())}::text[])
           WITH ORDINALITY AS r("displayName", email, company, "jobTitle", "badgeCode", "qrToken", ord)
      ORDER BY r.ord
      ON CONFLICT DO NOTHING
      RETURNING ${ATTENDEE_RETURNING}`;
    const byEmail = new Map(inserted.map((row) => [row.email.toLowerCase(), row]));
    const missing: Group[] = [];
    for (const group of pending) {
      const row = byEmail.get(group.email.toLowerCase());
      if (row) Object.assign(group, { base: row, inserted: true });
      else missing.push(group);
    }
    if (missing.length === 0) return;
    const existing = await lockAttendeesByEmail(tx, eventId, missing.map((group) => group.email));
    const found = new Map(existing.map((row) => [row.email.toLowerCase(), row]));
    pending = missing.filter((group) => {
      const row = found.get(group.email.toLowerCase());
      if (row) group.base = row;
      return !row;
    });
  }
  if (pending.length > 0) throw new AppError("INTERNAL", "Could not assign a unique badge code. Retry the request.");
}

/** `previous`: for an update, the state the record changed (its previousAttributes). */
type Applied = { index: number; outcome: UpsertOutcome; state: AttendeeRow; previous?: AttendeeRow };

/**
 * Walks a group's records in order against its attendee. Returns each record's outcome
 * with the state it left (a shared object when nothing changed), the states made by
 * changes (their updatedAt comes from the one UPDATE) and the final state to write.
 */
function applyInOrder(group: Group): { applied: Applied[]; changedStates: AttendeeRow[] } {
  let state = group.base!;
  const applied: Applied[] = [];
  const changedStates: AttendeeRow[] = [];
  group.records.forEach((record, position) => {
    if (position === 0 && group.inserted) {
      applied.push({ index: record.index, outcome: "created", state });
      return;
    }
    const differing = differingFields(state, record.changes);
    if (Object.keys(differing).length === 0) {
      applied.push({ index: record.index, outcome: "unchanged", state });
      return;
    }
    const previous = state;
    state = { ...state, ...differing };
    changedStates.push(state);
    applied.push({ index: record.index, outcome: "updated", state, previous });
  });
  return { applied, changedStates };
}

/** Writes each changed attendee's final fields in one statement; returns the stored rows by id. */
async function updateAttendees(tx: Tx, finals: AttendeeRow[]): Promise<Map<string, AttendeeRow>> {
  if (finals.length === 0) return new Map();
  // Every changeable column is written with its final value; the ones that did not change
  // get the value they hold (the rows are locked, so it is the latest). updatedAt moves
  // strictly forward, even within one millisecond of the previous write, so incremental
  // syncs keeping an updatedAt high-water mark never miss a change.
  const rows = await tx.$queryRaw<AttendeeRow[]>`
    UPDATE "Attendee" AS a
    SET "displayName" = r."displayName", company = r.company, "jobTitle" = r."jobTitle",
        "updatedAt" = GREATEST(clock_timestamp(), a."updatedAt" + interval '1 millisecond')
    FROM unnest(${finals.map((row) => row.id)}::uuid[], ${finals.map((row) => row.displayName)}::text[],
                ${finals.map((row) => row.company)}::text[], ${finals.map((row) => row.jobTitle)}::text[])
         AS r(id, "displayName", company, "jobTitle")
    WHERE a.id = r.id
    RETURNING ${ATTENDEE_RETURNING}`;
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The outbox rows of a whole batch in one statement, in input order: for each event the
 * row recordWebhookEvent writes (its createdAt, like Prisma's now() default there, is the
 * application's clock at the write). Raw SQL with the events as one JSON parameter: Prisma's
 * createMany spends about 0.3 s of CPU per 500 JSON rows here, more than all the other
 * statements of the batch together.
 */
type BulkEvent = { type: WebhookEventType; data: Record<string, unknown>; previousAttributes?: PreviousAttributes };

async function recordWebhookEventsInBulk(tx: Tx, orgId: string, events: BulkEvent[]) {
  if (events.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "WebhookEvent" ("orgId", type, data, "previousAttributes", "createdAt")
    SELECT ${orgId}::uuid, e->>'type', e->'data', e->'previousAttributes', ${new Date()}::timestamptz
    FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS x(e, ord)
    ORDER BY x.ord`;
}

/**
 * Creates or updates the event's attendees by address (`rows` have the POST body's shape)
 * and returns one result per row, in input order. A row failing validation is reported
 * "invalid" and written nothing; the others are applied (see the notes at the top).
 *
 * Throws AppError, for the whole batch: NOT_FOUND (the event is missing or another
 * organization's), CONFLICT event_archived, INTERNAL when no free badge code was found.
 * Those are checked only when at least one row is valid, as a single record's validation
 * comes before them. Without `options.tx` a throw rolls the batch back; with it the caller
 * decides.
 */
export async function upsertAttendeesByEmail(
  orgId: string,
  eventId: string,
  rows: unknown[],
  options: UpsertOptions = {},
): Promise<UpsertResult[]> {
  const results: UpsertResult[] = new Array(rows.length);
  const groups = new Map<string, Group>();
  rows.forEach((row, index) => {
    const parsed = createAttendeeBodySchema.safeParse(row);
    if (!parsed.success) {
      const error = validationError(parsed.error.issues);
      results[index] = { outcome: "invalid", reason: describeRecordError(error), error };
      return;
    }
    // The accepted address grammar is ASCII, where this lower-casing and citext's agree.
    const key = parsed.data.email.toLowerCase();
    const record = { index, changes: attendeeChanges(parsed.data), newFields: newAttendeeFields(parsed.data) };
    const group = groups.get(key);
    if (group) group.records.push(record);
    else groups.set(key, { email: parsed.data.email, records: [record], base: null, inserted: false });
  });
  if (groups.size === 0) return results;

  return inTransaction(options.tx, async (tx) => {
    assertEventWritable(await lockEventForAttendeeWrite(tx, orgId, eventId));
    const all = [...groups.values()];
    for (const row of await lockAttendeesByEmail(tx, eventId, all.map((group) => group.email))) {
      const group = groups.get(row.email.toLowerCase());
      if (group) group.base = row;
    }
    await insertNewAttendees(tx, eventId, all.filter((group) => !group.base), options.generateBadgeCode ?? generateBadgeCode);

    const applied: Applied[] = [];
    const changed: AttendeeRow[][] = [];
    for (const group of all) {
      const walked = applyInOrder(group);
      applied.push(...walked.applied);
      if (walked.changedStates.length > 0) changed.push(walked.changedStates);
    }
    const stored = await updateAttendees(tx, changed.map((states) => states[states.length - 1]));
    for (const states of changed) {
      const final = stored.get(states[0].id)!;
      for (const state of states) state.updatedAt = final.updatedAt;
      Object.assign(states[states.length - 1], final);
    }

    applied.sort((a, b) => a.index - b.index);
    const events: BulkEvent[] = [];
    for (const { index, outcome, state, previous } of applied) {
      results[index] = { outcome, attendee: toAttendee(state) };
      if (outcome === "created") events.push({ type: "attendee.created", data: attendeePayload(state) });
      if (outcome === "updated") {
        const data = attendeePayload(state);
        events.push({ type: "attendee.updated", data, previousAttributes: previous ? previousAttributes(attendeePayload(previous), data) : undefined });
      }
    }
    await recordWebhookEventsInBulk(tx, orgId, events);
    return results;
  });
}
