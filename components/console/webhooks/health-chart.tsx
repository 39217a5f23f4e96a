"use client";

import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HealthBucket } from "@/lib/domain/webhooks/endpoint-health";

// One health chart (recharts, SVG). The SVG is decorative for assistive technology: the
// figure has a text summary and the same numbers as a table under "Show data", which is
// what a screen reader reads. Colours come from CSS variables set for light and dark mode.

type Props = { title: string; buckets: HealthBucket[]; unit: "hour" | "day"; metric: "rate" | "latency"; summary: string };

function label(start: string, unit: "hour" | "day"): string {
  const date = new Date(start);
  return unit === "hour" ? `${String(date.getUTCHours()).padStart(2, "0")}:00` : `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
}

const axisTick = { fill: "currentColor", fontSize: 11 };

export function HealthChart({ title, buckets, unit, metric, summary }: Props) {
  const data = buckets.map((bucket) => ({ ...bucket, label: label(bucket.start, unit) }));
  const id = `health-${unit}-${metric}`;
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="min-w-0 text-zinc-600 [--chart-a:var(--color-indigo-600)] [--chart-b:var(--color-amber-600)] [--chart-grid:var(--color-zinc-200)] dark:text-zinc-400 dark:[--chart-a:var(--color-indigo-400)] dark:[--chart-b:var(--color-amber-400)] dark:[--chart-grid:var(--color-zinc-800)]"
      data-testid={id}
    >
      <figcaption id={`${id}-title`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {title}
      </figcaption>
      <p className="mt-0.5 text-xs">{summary}</p>
      <div className="mt-2 h-44 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {metric === "rate" ? (
            <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
              <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />
              <YAxis domain={[0, 100]} tick={axisTick} unit="%" width={48} />
              <Tooltip formatter={(value) => [`${value} %`, "Success rate"]} />
              <Bar dataKey="successRate" fill="var(--chart-a)" isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
              <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />
              <YAxis tick={axisTick} unit=" ms" width={64} />
              <Tooltip formatter={(value, name) => [`${value} ms`, name === "p95Ms" ? "p95" : "p50"]} />
              <Line dataKey="p50Ms" stroke="var(--chart-a)" dot={false} strokeWidth={2} isAnimationActive={false} connectNulls={false} />
              <Line dataKey="p95Ms" stroke="var(--chart-b)" dot={false} strokeWidth={2} strokeDasharray="4 3" isAnimationActive={false} connectNulls={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      {metric === "latency" ? (
        <p className="mt-1 flex gap-4 text-xs">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-[var(--chart-a)]" /> p50
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4 border-t-2 border-dashed border-[var(--chart-b)]" /> p95
          </span>
        </p>
      ) : null}
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer">Show data</summary>
        {/* Focusable and named: a keyboard user can scroll it, and it is announced. */}
        <div className="mt-2 max-h-60 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: data`}>
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">{unit === "hour" ? "Hour (UTC)" : "Day (UTC)"}</th>
                <th scope="col" className="py-1 pr-3 font-medium">Attempts</th>
                <th scope="col" className="py-1 pr-3 font-medium">{metric === "rate" ? "Success rate" : "p50"}</th>
                {metric === "latency" ? <th scope="col" className="py-1 font-medium">p95</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.start}>
                  <th scope="row" className="py-0.5 pr-3 font-normal">{row.label}</th>
                  <td className="py-0.5 pr-3">{row.attempts}</td>
                  {metric === "rate" ? (
                    <td className="py-0.5 pr-3">{row.successRate === null ? "–" : `${row.successRate} %`}</td>
                  ) : (
                    <>
                      <td className="py-0.5 pr-3">{row.p50Ms === null ? "–" : `${row.p50Ms} ms`}</td>
                      <td className="py-0.5">{row.p95Ms === null ? "–" : `${row.p95Ms} ms`}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
