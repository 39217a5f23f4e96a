"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { cx } from "@/components/ui/cx";
import { usageTotals, type UsageBucket } from "@/lib/domain/usage/usage-bucket";

// Partner API usage as stacked bars (recharts, SVG), as the webhook health charts do: the
// SVG is hidden from assistive technology; each figure has a text summary and the same
// numbers as a table under "Show data". Colours are CSS variables set for light and dark
// mode; the legend names every band, so colour is never the only cue.

type Band = { key: "ok" | "clientError" | "rateLimited" | "serverError"; label: string; colour: string; swatch: string };

const BANDS: Band[] = [
  { key: "ok", label: "2xx", colour: "var(--usage-ok)", swatch: "bg-[var(--usage-ok)]" },
  { key: "clientError", label: "4xx", colour: "var(--usage-4xx)", swatch: "bg-[var(--usage-4xx)]" },
  { key: "rateLimited", label: "429", colour: "var(--usage-429)", swatch: "bg-[var(--usage-429)]" },
  { key: "serverError", label: "5xx", colour: "var(--usage-5xx)", swatch: "bg-[var(--usage-5xx)]" },
];

const COLOURS = cx(
  "[--usage-ok:var(--color-emerald-600)] [--usage-4xx:var(--color-amber-500)] [--usage-429:var(--color-violet-600)] [--usage-5xx:var(--color-red-600)] [--chart-grid:var(--color-zinc-200)]",
  "dark:[--usage-ok:var(--color-emerald-400)] dark:[--usage-4xx:var(--color-amber-300)] dark:[--usage-429:var(--color-violet-400)] dark:[--usage-5xx:var(--color-red-400)] dark:[--chart-grid:var(--color-zinc-800)]",
);

type Unit = "hour" | "day";

function label(start: string, unit: Unit): string {
  const date = new Date(start);
  return unit === "hour" ? `${String(date.getUTCHours()).padStart(2, "0")}:00` : `${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
}

const number = new Intl.NumberFormat("en-US");

function summary(buckets: UsageBucket[], period: string): string {
  const totals = usageTotals(buckets);
  if (totals.total === 0) return `No requests in the last ${period}.`;
  const parts = BANDS.map((band) => `${number.format(totals[band.key])} ${band.label}`).join(", ");
  return `${number.format(totals.total)} ${totals.total === 1 ? "request" : "requests"} in the last ${period}: ${parts}.`;
}

const axisTick = { fill: "currentColor", fontSize: 11 };

function UsageChart({ id, title, buckets, unit, period }: { id: string; title: string; buckets: UsageBucket[]; unit: Unit; period: string }) {
  const data = buckets.map((bucket) => ({ ...bucket, label: label(bucket.start, unit) }));
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0" data-testid={id}>
      <figcaption id={`${id}-title`} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {title}
      </figcaption>
      <p className="mt-0.5 text-xs" data-testid={`${id}-summary`}>
        {summary(buckets, period)}
      </p>
      <div className="mt-2 h-44 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} interval="preserveStartEnd" minTickGap={16} />
            <YAxis allowDecimals={false} tick={axisTick} width={48} />
            <Tooltip cursor={{ fill: "var(--chart-grid)" }} />
            {BANDS.map((band) => (
              <Bar key={band.key} dataKey={band.key} name={band.label} stackId="status" fill={band.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer">Show data</summary>
        {/* Focusable and named: a keyboard user can scroll it, and it is announced. */}
        <div className="mt-2 max-h-60 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: data`}>
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {unit === "hour" ? "Hour (UTC)" : "Day (UTC)"}
                </th>
                {BANDS.map((band) => (
                  <th key={band.key} scope="col" className="py-1 pr-3 font-medium">
                    {band.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.start}>
                  <th scope="row" className="py-0.5 pr-3 font-normal">
                    {row.label}
                  </th>
                  {BANDS.map((band) => (
                    <td key={band.key} className="py-0.5 pr-3">
                      {number.format(row[band.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/**
 * Requests per hour over the last 24 hours and per day over the last 30 days, stacked by
 * outcome (2xx, 4xx other than 429, 429, 5xx). For an organization or one key: the caller
 * loads the series (orgUsageSeries / keyUsageSeries in lib/domain/usage) and names them.
 */
export function UsageCharts({ hourly, daily, idPrefix = "usage" }: { hourly: UsageBucket[]; daily: UsageBucket[]; idPrefix?: string }) {
  return (
    <div className={cx("space-y-4 text-zinc-600 dark:text-zinc-400", COLOURS)} data-testid={idPrefix}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend">
        {BANDS.map((band) => (
          <li key={band.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cx("inline-block size-2.5 rounded-sm", band.swatch)} />
            {band.label}
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <UsageChart id={`${idPrefix}-hourly`} title="Requests per hour, last 24 hours (UTC hours)" buckets={hourly} unit="hour" period="24 hours" />
        <UsageChart id={`${idPrefix}-daily`} title="Requests per day, last 30 days (UTC days)" buckets={daily} unit="day" period="30 days" />
      </div>
    </div>
  );
}
