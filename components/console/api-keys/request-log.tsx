import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/field";
import { TBody, THead, Table, Td, Th, Tr } from "@/components/ui/table";
import type { RequestLogPage, RequestLogView } from "@/lib/console/api-key-page";
import { formatDateTime } from "@/lib/console/format-time";
import { statusClassSchema } from "@/lib/domain/request-log/list";

const STATUS_LABELS: Record<string, string> = { "2xx": "2xx success", "4xx": "4xx client errors (429 included)", "429": "429 rate limited", "5xx": "5xx server errors" };

function statusTone(status: number): BadgeTone {
  if (status >= 500) return "red";
  return status >= 400 ? "amber" : "green";
}

/**
 * The key's recorded Partner API requests (the last 14 days), newest first: filters by
 * status class and route, an exact request-id search, keyset "next page". A plain GET form
 * and links, so every view is a shareable address and works without script.
 */
export function RequestLog({ basePath, view, page, timeZone }: { basePath: string; view: RequestLogView; page: RequestLogPage; timeZone: string }) {
  const filtered = Boolean(view.status || view.route || view.requestId);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({
      ...(view.status ? { status: view.status } : {}),
      ...(view.route ? { route: view.route } : {}),
      ...(view.requestId ? { requestId: view.requestId } : {}),
      ...extra,
    }).toString();
  return (
    <>
      <form role="search" aria-label="Filter the request log" className="flex flex-col gap-3 px-4 pt-4 sm:flex-row sm:flex-wrap sm:items-end sm:px-6" action={`${basePath}#requests`}>
        <label className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Status
          <select name="status" defaultValue={view.status ?? ""} className={cx(inputClasses, "mt-1")} data-testid="request-status-filter">
            <option value="">All</option>
            {statusClassSchema.options.map((option) => (
              <option key={option} value={option}>
                {STATUS_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Route
          <select name="route" defaultValue={view.route} className={cx(inputClasses, "mt-1 font-mono")} data-testid="request-route-filter">
            <option value="">All routes</option>
            {page.routes.map((route) => (
              <option key={route} value={route}>
                {route}
              </option>
            ))}
          </select>
        </label>
        <label className="flex-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Request id
          <input
            name="requestId"
            defaultValue={view.requestId}
            placeholder="req_…"
            spellCheck={false}
            autoComplete="off"
            maxLength={64}
            className={cx(inputClasses, "mt-1 font-mono")}
            data-testid="request-id-search"
          />
        </label>
        <button type="submit" className={cx("rounded-md bg-zinc-900 px-3 py-2 text-sm font-medium text-white dark:bg-zinc-100 dark:text-zinc-900", focusRing)} data-testid="request-filter-submit">
          Apply
        </button>
      </form>
      {page.rows.length === 0 ? (
        <EmptyState title={filtered ? "No request matches" : "No requests recorded"}>
          {filtered
            ? view.requestId
              ? "No request of this key in the last 14 days has that id. Request ids are exact: copy the whole x-request-id header."
              : "Clear the filters to see every request."
            : "Requests made with this key appear here within a second or two, and are kept 14 days."}
        </EmptyState>
      ) : (
        <Table label="Requests" minWidth="60rem">
          <THead>
            <Th>Time</Th>
            <Th>Request</Th>
            <Th>Status</Th>
            <Th className="text-right">Duration</Th>
            <Th>Request id</Th>
            <Th>Client</Th>
          </THead>
          <TBody>
            {page.rows.map((row) => (
              <Tr key={row.id} data-testid="request-row" data-status={row.status}>
                <Td className="whitespace-nowrap max-sm:pb-2">
                  <time dateTime={row.at.toISOString()} className="text-zinc-900 dark:text-zinc-100">
                    {formatDateTime(row.at, timeZone)}
                  </time>
                </Td>
                <Td label="Request">
                  <span className="font-mono text-xs break-all text-zinc-900 dark:text-zinc-100" data-testid="request-route">
                    <span className="font-semibold">{row.method}</span> {row.route}
                  </span>
                </Td>
                <Td label="Status">
                  <span className="inline-flex flex-col items-start gap-0.5 max-sm:items-end">
                    <Badge tone={statusTone(row.status)}>{row.status}</Badge>
                    {row.errorCode ? <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{row.errorCode}</span> : null}
                  </span>
                </Td>
                <Td label="Duration" className="text-right whitespace-nowrap tabular-nums">
                  {row.durationMs} ms
                </Td>
                <Td label="Request id">
                  <span className="font-mono text-xs break-all" data-testid="request-id">
                    {row.requestId}
                  </span>
                </Td>
                <Td label="Client">
                  <span className="block font-mono text-xs">{row.clientIp ?? "IP unknown"}</span>
                  {row.userAgent ? (
                    <span className="block max-w-64 truncate text-xs text-zinc-600 max-sm:max-w-48 dark:text-zinc-400" title={row.userAgent}>
                      {row.userAgent}
                    </span>
                  ) : null}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <nav aria-label="Request log pages" className="flex justify-end gap-3 px-4 py-3 text-sm sm:px-6">
        {view.after ? (
          <Link href={`${basePath}?${query({})}#requests`} className={cx("text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
            Newest
          </Link>
        ) : null}
        {page.next ? (
          <Link href={`${basePath}?${query({ after: page.next })}#requests`} data-testid="requests-next" className={cx("text-indigo-700 hover:underline dark:text-indigo-300", focusRing)}>
            Older requests
          </Link>
        ) : null}
      </nav>
    </>
  );
}
