import { sqlQuery } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/domain/resources/projections";
import { OUTBOX_RESULT_COLUMNS, outboxCtes, type OutboxResult } from "@/lib/domain/webhooks/outbox";
import { attendeePayload } from "@/lib/domain/webhooks/payloads";
import { previousAttributes } from "@/lib/domain/webhooks/previous-attributes";
import type { AttendeeChanges } from "./attendee-input";
import { ATTENDEE_RETURNING, type Tx } from "./attendee-sql";
import type { EventWriteState } from "./writable-event";

// Applies a change to an attendee row as it was read (readAttendeeForChange), in ONE
// statement and only if the row is still exactly that row: compare-and-set on every
// projected column. Only fields whose value differs are written; when none differs
// nothing is written at all: updatedAt stays and no webhook event is recorded.
//
// A row that changed since it was read is not written (`stale`): the caller reads it
// again and recomputes, so concurrent changes to different fields all survive, each
// recorded once, as they did when the row was locked for the whole change. Every miss
// means another change landed, so the retries always make progress. With `tx` the
// statement is one step of the caller's transaction (the console's edit writes its audit
// entry beside it).

const COLUMNS = { displayName: `"displayName"`, company: `company`, jobTitle: `"jobTitle"` } as const;

function definedChanges(changes: AttendeeChanges): Partial<AttendeeRow> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export type AppliedChange =
  /** `outbox`: the attendee.updated outbox row and what is left of its fan-out (null: nothing changed). */
  | { stale: false; row: AttendeeRow; changed: boolean; outbox: OutboxResult | null }
  /** Not written: the row changed (or went) since it was read, or the event did. */
  | { stale: true; eventStatus: EventWriteState | null };

export async function applyAttendeeChanges(
  orgId: string,
  current: AttendeeRow,
  changes: AttendeeChanges,
  options: { fanOut: boolean; tx?: Tx },
): Promise<AppliedChange> {
  const run = <Row>(query: Prisma.Sql): Promise<Row[]> => (options.tx ? options.tx.$queryRaw<Row[]>(query) : sqlQuery<Row>(query));
  const assignments: Prisma.Sql[] = [];
  for (const field of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    const value = changes[field];
    if (value === undefined || value === current[field]) continue;
    assignments.push(Prisma.sql`${Prisma.raw(COLUMNS[field])} = ${value}`);
  }
  if (assignments.length === 0) return { stale: false, row: current, changed: false, outbox: null };

  // updatedAt moves strictly forward, even when two changes land within one millisecond
  // or the clock of this statement trails the previous writer's: incremental syncs that
  // keep an updatedAt high-water mark never miss a change.
  // The row is written only as it was read, so the changed row is `current` with
  // `changes` applied; its webhook body (which has no createdAt/updatedAt) is built from
  // that. The event is held FOR SHARE for the statement: archiving waits for it, and a
  // change that starts after the archive is refused.
  const payload = attendeePayload({ ...current, ...definedChanges(changes) });
  const [result] = await run<Partial<AttendeeRow> & OutboxResult & { eventStatus: EventWriteState | null }>(Prisma.sql`
    WITH ev AS (
      SELECT e.status::text AS status FROM "Event" e
      WHERE e.id = ${current.eventId}::uuid AND e."orgId" = ${orgId}::uuid
      FOR SHARE
    ), upd AS (
      UPDATE "Attendee" AS a
      SET ${Prisma.join(assignments, ", ")},
          "updatedAt" = GREATEST(clock_timestamp(), a."updatedAt" + interval '1 millisecond')
      WHERE a.id = ${current.id}::uuid AND a."eventId" = ${current.eventId}::uuid
        AND EXISTS (SELECT 1 FROM ev WHERE ev.status <> 'archived')
        AND ROW(a."displayName", a.email::text, a.company, a."jobTitle", a.status::text, a."visibleInList", a."badgeCode",
                a."invitedAt", a."checkedInAt", a."updatedAt")
            IS NOT DISTINCT FROM
            ROW(${current.displayName}::text, ${current.email}::text, ${current.company}::text, ${current.jobTitle}::text,
                ${current.status}::text, ${current.visibleInList}::boolean, ${current.badgeCode}::text,
                ${current.invitedAt}::timestamptz, ${current.checkedInAt}::timestamptz, ${current.updatedAt}::timestamptz)
      RETURNING ${ATTENDEE_RETURNING}
    ), ${outboxCtes("upd", { orgId, type: "attendee.updated", data: payload, previousAttributes: previousAttributes(attendeePayload(current), payload) }, options)}
    SELECT (SELECT status FROM ev) AS "eventStatus", ${OUTBOX_RESULT_COLUMNS}, upd.*
    FROM (SELECT 1) AS one LEFT JOIN upd ON true`);
  const { eventStatus, recorded, toDispatch, deliveries, ...row } = result;
  if (!row.id || !recorded) return { stale: true, eventStatus };
  return { stale: false, row: row as AttendeeRow, changed: true, outbox: { recorded, toDispatch, deliveries } };
}
