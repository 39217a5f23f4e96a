import { randomBytes } from "node:crypto";
import { generateBadgeCode } from "@/lib/domain/badges/badge-code";
import { getDb } from "@/lib/platform/db/client";
import { caseResult, measuredApiLoad, measureFrameworkFloor, toFloor } from "../lib/floors";
import { sqlLoad, type SqlQuery } from "../lib/load";
import type { BenchCase, BenchContext, CaseResult } from "../types";

// Benchmark case: sustained POST /events/{eventId}/attendees of new addresses against the
// bench event, which already holds the 100,000-attendee list, so every insert maintains
// indexes of that size. Target: p99 under 50 ms.
//
// Floor: the same row inserted bare through pg, one autocommit INSERT ... ON CONFLICT DO
// NOTHING (what createAttendee's insert statement does), at the same concurrency for the
// same time. The API adds to it: the key lookup and rate-limit count of every request,
// and in the insert's one statement the event row held FOR SHARE, the attendee.created
// outbox row and, when an endpoint subscribes, its deliveries. Like the reads, the result
// also holds the framework floor (lib/floors.ts).
//
// Every request carries another key (the ring) and another address (a per-run tag and a
// counter), so no 409s and no 429s are expected; anything but 201 shows in `failures`.
// Targets (issue "Performance"): p50 <= 12 ms and p99 <= 25 ms at 10 connections.
// The case writes into the bench event: run it after the read cases, whose page
// positions were taken from the list as seeded.
//
// attendee-writes-subscribed: the same, with one endpoint of the bench organization
// subscribed to attendee.created (created before the case, deleted after it with its
// deliveries, so no other case sees them): every POST also creates a delivery. Inngest is
// not configured here, so no run is started; the deliveries' database work is measured.

export const ATTENDEE_WRITE_TARGET_P50_MS = 12;
export const ATTENDEE_WRITE_TARGET_P99_MS = 25;

const FLOOR_SQL = `INSERT INTO "Attendee" ("eventId", "displayName", email, company, "badgeCode", "qrToken")
  VALUES ($1::uuid, $2, $3::citext, $4, $5, $6) ON CONFLICT DO NOTHING`;

export type AttendeeWritesResult = CaseResult & { targetP50Ms: number; targetP99Ms: number; meetsTarget: boolean };

function attendeeWritesCase(name: string, description: string, options: { subscribed: boolean }): BenchCase {
  return {
    name,
    description,
    async run(context: BenchContext): Promise<AttendeeWritesResult> {
      if (!options.subscribed) return measure(name, context);
      const endpoint = await getDb().webhookEndpoint.create({
        data: {
          orgId: context.data.orgId,
          url: "https://receiver.example.com/bench",
          eventTypes: ["attendee.created"],
          secretCiphertext: "unused: nothing is sent",
          secretPrefix: "whsec_",
        },
        select: { id: true },
      });
      try {
        return await measure(name, context);
      } finally {
        await getDb().webhookEndpoint.delete({ where: { id: endpoint.id } });
      }
    },
  };
}

export const attendeeWrites = attendeeWritesCase("attendee-writes", "POST of new attendees to the 100,000-attendee event", {
  subscribed: false,
});

export const attendeeWritesSubscribed = attendeeWritesCase(
  "attendee-writes-subscribed",
  "POST of new attendees, with an endpoint subscribed to attendee.created",
  { subscribed: true },
);

async function measure(name: string, context: BenchContext): Promise<AttendeeWritesResult> {
  const tag = randomBytes(4).toString("hex");
  let sequence = 0;
  const plan = {
    method: "POST" as const,
    path: `/partner/v1/events/${context.data.eventId}/attendees`,
    headers: () => context.keys.authorization(),
    body: () => {
      const n = sequence++;
      return JSON.stringify({ email: `bench-${tag}-${n}@example.com`, displayName: `Bench ${n}`, company: "Bench Co" });
    },
  };
  const load = { connections: context.connections, durationSeconds: context.durationSeconds };
  const api = await measuredApiLoad(context, plan);
  const frameworkFloor = await measureFrameworkFloor(context);

  let floorSequence = 0;
  const floorQuery = (): SqlQuery => {
    const n = floorSequence++;
    return {
      text: FLOOR_SQL,
      values: [
        context.data.eventId,
        `Floor ${n}`,
        `bench-floor-${tag}-${n}@example.com`,
        "Bench Co",
        generateBadgeCode(),
        randomBytes(24).toString("base64url"),
      ],
    };
  };
  if (context.warmupSeconds > 0) await sqlLoad(context.pool, floorQuery, { ...load, durationSeconds: context.warmupSeconds });
  const floor = await sqlLoad(context.pool, floorQuery, load);
  if (Object.keys(floor.failures).length) throw new Error(`${name}: floor insert failed ${JSON.stringify(floor.failures)}`);

  const clean = Object.keys(api.failures).length === 0 && api.count > 0;
  return {
    ...caseResult(name, api, toFloor(floor), frameworkFloor),
    targetP50Ms: ATTENDEE_WRITE_TARGET_P50_MS,
    targetP99Ms: ATTENDEE_WRITE_TARGET_P99_MS,
    meetsTarget: clean && api.p50Ms <= ATTENDEE_WRITE_TARGET_P50_MS && api.p99Ms <= ATTENDEE_WRITE_TARGET_P99_MS,
  };
}
