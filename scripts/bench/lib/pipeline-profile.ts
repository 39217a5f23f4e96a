import { getDb } from "@/lib/platform/db/client";
import { hashKeySecret } from "@/lib/domain/keys/key-secret";
import { listAttendees } from "@/lib/partner-api/read/attendees";
import { PAGE_SQL_AFTER } from "../cases/attendee-pages";
import { KEY_SQL } from "../cases/me";
import type { BenchContext } from "../types";
import type { LoadStats } from "../types";
import { httpLoad, loopLoad, sqlLoad } from "./load";

// BENCH_PROFILE=1: where the time of one attendees-page request goes. Each step of the
// keyed pipeline (with-partner-key.ts) is run on its own at the bench's concurrency for a
// few seconds: the same SQL through pg, and the page query once more through Prisma (for
// comparison: the app reads pages through pg). Compare each step's rps with the API's to
// see which one bounds it.
// Since 2026-11-26 (evening) a page request is ONE statement: the key, its count and the
// page with its tenancy check (key-bound-read.ts); steps 1-4 show what the separate
// statements it replaced cost, step 6 the page's part alone. Since 2026-11-27 a page
// reads each row's stored JSON, so no step builds the body's rows (the former step 5,
// projection and JSON.stringify).

const RATE_LIMIT_SQL = `INSERT INTO "RateLimitCounter" AS c ("keyId", "windowStart", "count")
  VALUES ($1::uuid, clock_timestamp(), 1)
  ON CONFLICT ("keyId") DO UPDATE SET
    "windowStart" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN clock_timestamp() ELSE c."windowStart" END,
    "count" = CASE WHEN c."windowStart" <= clock_timestamp() - interval '60 seconds' THEN 1 ELSE c."count" + 1 END
  RETURNING c."count", EXTRACT(EPOCH FROM (c."windowStart" + interval '60 seconds' - clock_timestamp()))::float8 AS "resetIn"`;

/** What Prisma's event.findFirst({ where: { id, orgId } }) sends (every column, LIMIT 1). */
const REQUIRE_EVENT_SQL = `SELECT * FROM "Event" WHERE id = $1::uuid AND "orgId" = $2::uuid LIMIT 1 OFFSET 0`;

export type ProfileLine = { step: string; p50Ms: number; p99Ms: number; rps: number; note?: string };

export async function profilePipeline(context: BenchContext, secondsPerStep: number, keySecrets: string[]): Promise<ProfileLine[]> {
  const load = { connections: context.connections, durationSeconds: secondsPerStep };
  const { eventId, orgId, pages } = context.data;
  const after = pages.middle.after ?? { createdAt: "1970-01-01T00:00:00.000Z", id: "00000000-0000-0000-0000-000000000000" };
  const hashes = keySecrets.map(hashKeySecret);
  let turn = 0;
  const nextIndex = () => (turn = (turn + 1) % keySecrets.length);
  const line = (step: string, stats: LoadStats, note?: string): ProfileLine => ({
    step,
    p50Ms: stats.p50Ms,
    p99Ms: stats.p99Ms,
    rps: stats.rps,
    ...(note ? { note } : {}),
  });

  const lines: ProfileLine[] = [];
  lines.push(line("1 key lookup (pg)", await sqlLoad(context.pool, () => ({ text: KEY_SQL, values: [hashes[nextIndex()]] }), load)));
  lines.push(
    line(
      "2 rate-limit upsert (pg)",
      await sqlLoad(context.pool, () => ({ text: RATE_LIMIT_SQL, values: [context.keys.ids[nextIndex()]] }), load),
      "a write to an unlogged table: a commit per request, without waiting for a WAL flush",
    ),
  );
  lines.push(line("3 requireEvent (pg)", await sqlLoad(context.pool, () => ({ text: REQUIRE_EVENT_SQL, values: [eventId, orgId] }), load)));
  const pageValues = [eventId, 201, after.createdAt, after.id];
  lines.push(line("4 attendee page, 201 rows (pg)", await sqlLoad(context.pool, () => ({ text: PAGE_SQL_AFTER, values: pageValues }), load)));
  lines.push(
    line(
      "4b attendee page, 201 rows (Prisma $queryRawUnsafe)",
      await loopLoad(() => getDb().$queryRawUnsafe(PAGE_SQL_AFTER, ...pageValues), load),
      "the app's driver path: Prisma over @prisma/adapter-pg",
    ),
  );
  lines.push(line("1b key lookup (Prisma $queryRawUnsafe)", await loopLoad(() => getDb().$queryRawUnsafe(KEY_SQL, hashes[nextIndex()]), load)));

  const pageQuery = { limit: 200, cursor: pages.middle.cursor ?? undefined };
  lines.push(
    line(
      "6 listAttendees() in-process (the page's statement alone, rows' stored JSON)",
      await loopLoad(() => listAttendees(orgId, eventId, pageQuery), load),
      "the handler's data work, without the key pipeline or HTTP",
    ),
  );
  const route = await import("@/app/partner/v1/events/[eventId]/attendees/route");
  const url = `http://bench.invalid/partner/v1/events/${eventId}/attendees?limit=200&cursor=${encodeURIComponent(pages.middle.cursor ?? "")}`;
  lines.push(
    line(
      "7 the route's GET in-process (whole key pipeline + handler, no HTTP)",
      await loopLoad(async () => {
        const response = await route.GET(new Request(url, { headers: context.keys.authorization() }), { params: Promise.resolve({ eventId }) });
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        await response.arrayBuffer();
      }, load),
      "compare with the API's rps over HTTP to see what next start adds",
    ),
  );

  const middlePath = `/partner/v1/events/${eventId}/attendees?limit=200&cursor=${encodeURIComponent(pages.middle.cursor ?? "")}`;
  lines.push(
    line(
      "8 the API over HTTP with ONE connection (no queueing)",
      await httpLoad(context.baseUrl, { path: middlePath, headers: () => context.keys.authorization() }, { connections: 1, durationSeconds: secondsPerStep }),
      "a request's own latency; at 10 connections p50 is roughly 10 / rps once the app saturates",
    ),
  );

  return lines;
}
