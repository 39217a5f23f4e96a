import { getDb } from "@/lib/platform/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// Endpoint health from the delivery log's attempts: per hour over the last 24 hours and
// per day over the last 30 days, the share of attempts that succeeded and the median and
// 95th percentile response time, plus the current failure streak. Every bucket is present
// (null where there were no attempts), so a chart shows gaps as gaps. Console tests count:
// they measure the same receiver.

export type HealthBucket = { start: string; attempts: number; successRate: number | null; p50Ms: number | null; p95Ms: number | null };

export type EndpointHealth = { hourly: HealthBucket[]; daily: HealthBucket[]; failureStreak: number };

export type HealthLevel = "healthy" | "degraded" | "failing" | "no_traffic";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Row = { bucket: Date; attempts: number; succeeded: number; p50: number | null; p95: number | null };

async function buckets(endpointId: string, unit: "hour" | "day", count: number, now: Date): Promise<HealthBucket[]> {
  const size = unit === "hour" ? HOUR : DAY;
  const last = Math.floor(now.getTime() / size) * size;
  const first = new Date(last - (count - 1) * size);
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT date_trunc(${unit}, a."startedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS bucket,
           count(*)::int AS attempts,
           count(*) FILTER (WHERE a.succeeded)::int AS succeeded,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY a."durationMs")::float8 AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY a."durationMs")::float8 AS p95
    FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId"
    WHERE d."endpointId" = ${endpointId}::uuid AND a."startedAt" >= ${first} AND a."startedAt" <= ${now}
    GROUP BY 1`;
  const byStart = new Map(rows.map((row) => [new Date(row.bucket).getTime(), row]));
  return Array.from({ length: count }, (_, index) => {
    const start = first.getTime() + index * size;
    const row = byStart.get(start);
    return {
      start: new Date(start).toISOString(),
      attempts: row?.attempts ?? 0,
      successRate: row ? Math.round((row.succeeded / row.attempts) * 1000) / 10 : null,
      p50Ms: row?.p50 === null || row?.p50 === undefined ? null : Math.round(row.p50),
      p95Ms: row?.p95 === null || row?.p95 === undefined ? null : Math.round(row.p95),
    };
  });
}

export async function endpointHealth(orgId: string, endpointId: string, now: Date = new Date()): Promise<EndpointHealth | null> {
  const endpoint = await getDb().webhookEndpoint.findFirst({ where: { id: endpointId, orgId }, select: { id: true, consecutiveFailures: true } });
  if (!endpoint) return null;
  const [hourly, daily] = await Promise.all([buckets(endpoint.id, "hour", 24, now), buckets(endpoint.id, "day", 30, now)]);
  return { hourly, daily, failureStreak: endpoint.consecutiveFailures };
}

/** healthy ≥ 95 % of the last 24 h's attempts succeeded, degraded ≥ 50 %, failing below (or 10+ failures in a row). */
export function healthLevel(input: { attempts: number; succeeded: number; failureStreak: number }): HealthLevel {
  if (input.failureStreak >= 10) return "failing";
  if (input.attempts === 0) return "no_traffic";
  const rate = input.succeeded / input.attempts;
  return rate >= 0.95 ? "healthy" : rate >= 0.5 ? "degraded" : "failing";
}

/** The list's badge for each of the organization's endpoints, from the last 24 hours, in one statement. */
export async function endpointHealthLevels(orgId: string, now: Date = new Date()): Promise<Map<string, HealthLevel>> {
  const rows = await getDb().$queryRaw<{ id: string; consecutiveFailures: number; attempts: number; succeeded: number }[]>(Prisma.sql`
    SELECT ep.id, ep."consecutiveFailures",
           count(a.*)::int AS attempts, count(a.*) FILTER (WHERE a.succeeded)::int AS succeeded
    FROM "WebhookEndpoint" ep
    LEFT JOIN "WebhookDelivery" d ON d."endpointId" = ep.id
    LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = d.id AND a."startedAt" >= ${new Date(now.getTime() - DAY)}
    WHERE ep."orgId" = ${orgId}::uuid
    GROUP BY ep.id`);
  return new Map(rows.map((row) => [row.id, healthLevel({ attempts: row.attempts, succeeded: row.succeeded, failureStreak: row.consecutiveFailures })]));
}
