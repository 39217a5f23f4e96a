import { Prisma } from "@/lib/generated/prisma/client";
import type { AttendeeRow } from "@/lib/partner-api/projections";
import { attendeePayload } from "@/lib/webhooks/payloads";
import type { AttendeeChanges } from "./attendee-input";
import { ATTENDEE_RETURNING, type Tx } from "./attendee-sql";

// Applies a change to an attendee row the caller has locked (SELECT ... FOR UPDATE), so
// the comparison below is against the latest committed values and concurrent changes to
// different fields both survive. Only fields whose value differs are written; when none
// differs nothing is written at all: updatedAt stays and no webhook event is recorded.

const COLUMNS = { displayName: `"displayName"`, company: `company`, jobTitle: `"jobTitle"` } as const;

function definedChanges(changes: AttendeeChanges): Partial<AttendeeRow> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

export async function applyAttendeeChanges(
  tx: Tx,
  orgId: string,
  current: AttendeeRow,
  changes: AttendeeChanges,
): Promise<{ row: AttendeeRow; changed: boolean; recorded: string | null }> {
  const assignments: Prisma.Sql[] = [];
  for (const field of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
    const value = changes[field];
    if (value === undefined || value === current[field]) continue;
    assignments.push(Prisma.sql`${Prisma.raw(COLUMNS[field])} = ${value}`);
  }
  if (assignments.length === 0) return { row: current, changed: false, recorded: null };

  // updatedAt moves strictly forward, even when two changes land within one millisecond
  // or the clock of this statement trails the previous writer's: incremental syncs that
  // keep an updatedAt high-water mark never miss a change.
  // The row is locked, so the changed row is `current` with `changes` applied; its webhook
  // body (which has no createdAt/updatedAt) is built from that, and the update and its
  // outbox row are one statement.
  const payload = attendeePayload({ ...current, ...definedChanges(changes) });
  const [result] = await tx.$queryRaw<(AttendeeRow & { recorded: string })[]>`
    WITH upd AS (
      UPDATE "Attendee" AS a
      SET ${Prisma.join(assignments, ", ")},
          "updatedAt" = GREATEST(clock_timestamp(), a."updatedAt" + interval '1 millisecond')
      WHERE a.id = ${current.id}::uuid
      RETURNING ${ATTENDEE_RETURNING}
    ), outbox AS (
      INSERT INTO "WebhookEvent" ("orgId", type, data)
      SELECT ${orgId}::uuid, 'attendee.updated', ${JSON.stringify(payload)}::jsonb FROM upd
      RETURNING id
    )
    SELECT upd.*, (SELECT id FROM outbox) AS recorded FROM upd`;
  const { recorded, ...row } = result;
  return { row, changed: true, recorded };
}
