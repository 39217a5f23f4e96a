import { randomBytes } from "node:crypto";
import { caseResult, measuredApiLoad, measureFrameworkFloor, toFloor } from "../lib/floors";
import { sqlLoad, type SqlQuery } from "../lib/load";
import type { BenchCase, BenchContext } from "../types";
import { ATTENDEE_WRITE_TARGET_P50_MS, ATTENDEE_WRITE_TARGET_P99_MS, type AttendeeWritesResult } from "./attendee-writes";

// Benchmark case: sustained PATCH /events/{eventId}/attendees/{attendeeId} of the company,
// round-robin over 2,000 attendees of the 100,000-attendee event, every request a real
// change (so each one writes the row, moves updatedAt and records attendee.updated).
// Floor: the same UPDATE through pg, autocommit. Targets as for POST.

const FLOOR_SQL = `UPDATE "Attendee" SET company = $2,
  "updatedAt" = GREATEST(clock_timestamp(), "updatedAt" + interval '1 millisecond') WHERE id = $1::uuid`;

export const attendeePatches: BenchCase = {
  name: "attendee-patches",
  description: "PATCH of attendees' company on the 100,000-attendee event",
  async run(context: BenchContext): Promise<AttendeeWritesResult> {
    const ids = context.data.patchAttendeeIds;
    const tag = randomBytes(3).toString("hex");
    let sequence = 0;
    const pathOf = (n: number) => `/partner/v1/events/${context.data.eventId}/attendees/${ids[n % ids.length]}`;
    const plan = {
      method: "PATCH" as const,
      path: pathOf(0),
      pathFor: () => pathOf(sequence++),
      headers: () => context.keys.authorization(),
      body: () => JSON.stringify({ company: `Bench ${tag} ${sequence}` }),
    };
    const api = await measuredApiLoad(context, plan);
    const frameworkFloor = await measureFrameworkFloor(context);

    let floorSequence = 0;
    const floorQuery = (): SqlQuery => {
      const n = floorSequence++;
      return { text: FLOOR_SQL, values: [ids[n % ids.length], `Floor ${tag} ${n}`] };
    };
    const load = { connections: context.connections, durationSeconds: context.durationSeconds };
    if (context.warmupSeconds > 0) await sqlLoad(context.pool, floorQuery, { ...load, durationSeconds: context.warmupSeconds });
    const floor = await sqlLoad(context.pool, floorQuery, load);
    if (Object.keys(floor.failures).length) throw new Error(`attendee-patches: floor update failed ${JSON.stringify(floor.failures)}`);

    const clean = Object.keys(api.failures).length === 0 && api.count > 0;
    return {
      ...caseResult(attendeePatches.name, api, toFloor(floor), frameworkFloor),
      targetP50Ms: ATTENDEE_WRITE_TARGET_P50_MS,
      targetP99Ms: ATTENDEE_WRITE_TARGET_P99_MS,
      meetsTarget: clean && api.p50Ms <= ATTENDEE_WRITE_TARGET_P50_MS && api.p99Ms <= ATTENDEE_WRITE_TARGET_P99_MS,
    };
  },
};
