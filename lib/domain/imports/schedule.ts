import { getDb } from "@/lib/platform/db/client";
import type { ImportSchedule } from "./data-source-input";

// When scheduled imports run.
//
// - manual: never on its own; nextRunAt is null.
// - hourly / daily: due at nextRunAt. Saving a source with (or switching it to) a schedule
//   makes it due at once, so the first import happens on the scheduler's next tick (every
//   5 minutes) rather than an hour or a day later.
// - After a scheduled slot is taken, the next slot is the TAKEN slot + 1 h (hourly) or
//   + 24 h (daily), not "finish time + interval": runs don't drift later by their own
//   duration or by the scheduler's tick. If the service was down past several slots, the
//   missed ones are not replayed: the next slot is the first one after now.
// - Manual runs ("Run now", CLI) don't move nextRunAt.
// - A scheduled slot whose run is skipped (integrations locked, a run already in
//   progress) is consumed like any other: the source is tried again at its next slot.

export const SCHEDULE_INTERVAL_MS: Record<Exclude<ImportSchedule, "manual">, number> = {
  hourly: 60 * 60 * 1000,
  daily: 24 * 60 * 60 * 1000,
};

/** nextRunAt for a source just saved with `schedule`. */
export function initialNextRunAt(schedule: ImportSchedule, now: Date = new Date()): Date | null {
  return schedule === "manual" ? null : now;
}

/** The slot after `slot`: slot + interval, moved forward past `now` if the service missed some. */
export function nextSlotAfter(schedule: ImportSchedule, slot: Date, now: Date = new Date()): Date | null {
  if (schedule === "manual") return null;
  const interval = SCHEDULE_INTERVAL_MS[schedule];
  let next = slot.getTime() + interval;
  if (next <= now.getTime()) next += Math.ceil((now.getTime() - next + 1) / interval) * interval;
  return new Date(next);
}

/**
 * Takes the due slots of scheduled sources: moves each due source's nextRunAt to its
 * next slot and returns the ids to run. The move is a compare-and-set on the old
 * nextRunAt, so two schedulers ticking at once never start the same slot twice.
 * `orgId` scopes it to one organization (tests); the scheduler claims for all.
 */
export async function claimDueDataSources(options: { now?: Date; limit?: number; orgId?: string } = {}): Promise<string[]> {
  const { now = new Date(), limit = 500, orgId } = options;
  const db = getDb();
  const due = await db.dataSource.findMany({
    where: { schedule: { in: ["hourly", "daily"] }, nextRunAt: { lte: now }, ...(orgId ? { orgId } : {}) },
    select: { id: true, schedule: true, nextRunAt: true },
    orderBy: { nextRunAt: "asc" },
    take: limit,
  });
  const claimed: string[] = [];
  for (const source of due) {
    const slot = source.nextRunAt!;
    // Raw SQL: Prisma's @updatedAt would move updatedAt, which the console shows as "last edited".
    const count = await db.$executeRaw`
      UPDATE "DataSource" SET "nextRunAt" = ${nextSlotAfter(source.schedule, slot, now)}
      WHERE id = ${source.id}::uuid AND "nextRunAt" = ${slot} AND schedule = ${source.schedule}::"ImportSchedule"`;
    if (count === 1) claimed.push(source.id);
  }
  return claimed;
}
