import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { EndpointHealth, HealthBucket, HealthLevel } from "@/lib/domain/webhooks/endpoint-health";
import { HealthChart } from "./health-chart";

// The endpoint page's Health panel: success rate and p50/p95 response time per hour over
// 24 hours and per day over 30 days, and the current failure streak.

const LEVELS: Record<HealthLevel, { label: string; tone: BadgeTone }> = {
  healthy: { label: "Healthy", tone: "green" },
  degraded: { label: "Degraded", tone: "amber" },
  failing: { label: "Failing", tone: "red" },
  no_traffic: { label: "No traffic", tone: "neutral" },
};

export function HealthBadge({ level }: { level: HealthLevel }) {
  const { label, tone } = LEVELS[level];
  return (
    <span data-testid="health-badge" data-level={level}>
      <Badge tone={tone}>{label}</Badge>
    </span>
  );
}

function rateSummary(buckets: HealthBucket[]): string {
  const attempts = buckets.reduce((sum, bucket) => sum + bucket.attempts, 0);
  if (attempts === 0) return "No attempts in this period.";
  const succeeded = buckets.reduce((sum, bucket) => sum + (bucket.successRate === null ? 0 : (bucket.successRate / 100) * bucket.attempts), 0);
  return `${attempts} attempts, ${Math.round((succeeded / attempts) * 1000) / 10} % succeeded.`;
}

function latencySummary(buckets: HealthBucket[]): string {
  const p95 = buckets.map((bucket) => bucket.p95Ms).filter((value): value is number => value !== null);
  return p95.length === 0 ? "No attempts in this period." : `Slowest hourly or daily p95: ${Math.max(...p95)} ms.`;
}

export function EndpointHealthPanel({ health }: { health: EndpointHealth }) {
  return (
    <div className="space-y-6" data-testid="endpoint-health">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Current failure streak:{" "}
        <span className="font-medium tabular-nums text-zinc-900 dark:text-zinc-100" data-testid="failure-streak">
          {health.failureStreak}
        </span>{" "}
        failed {health.failureStreak === 1 ? "attempt" : "attempts"} in a row.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <HealthChart title="Success rate, last 24 hours (per hour)" buckets={health.hourly} unit="hour" metric="rate" summary={rateSummary(health.hourly)} />
        <HealthChart title="Response time, last 24 hours (p50 and p95)" buckets={health.hourly} unit="hour" metric="latency" summary={latencySummary(health.hourly)} />
        <HealthChart title="Success rate, last 30 days (per day)" buckets={health.daily} unit="day" metric="rate" summary={rateSummary(health.daily)} />
        <HealthChart title="Response time, last 30 days (p50 and p95)" buckets={health.daily} unit="day" metric="latency" summary={latencySummary(health.daily)} />
      </div>
    </div>
  );
}
