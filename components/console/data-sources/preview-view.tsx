"use client";

import { Callout } from "@/components/ui/callout";
import { cx, focusRing } from "@/components/ui/cx";
import { getAtPath } from "@/lib/domain/imports/dotted-path";
import { SOURCE_ID_LABEL, fieldLabel } from "@/lib/domain/imports/mapping";
import type { DataSourcePreview } from "@/lib/domain/imports/preview";
import { recordLabel } from "@/lib/domain/imports/skipped-record";
import { SkippedRecordText } from "./skipped-record-text";

// The sample the editor fetched: the first records of the partner's first page as they
// would be imported (target fields × records, with each record's reason when it would be
// skipped), or, before any field is mapped, the partner's values by path.

const MAX_PATH_ROWS = 40;

function show(value: unknown): { text: string; muted?: boolean; title?: string } {
  if (value === undefined) return { text: "—", muted: true, title: "Not mapped: left as it is" };
  if (value === null) return { text: "cleared", muted: true, title: "No value: the field is cleared" };
  if (value === "") return { text: "(empty)", muted: true };
  if (typeof value === "string") return { text: value };
  return { text: JSON.stringify(value) };
}

const cell = "border-b border-zinc-100 px-3 py-2 align-top dark:border-zinc-800/70";
const head = "border-b border-zinc-200 bg-zinc-50/80 px-3 py-2 text-left text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400";

type Column = { index: number; verdict?: "imported" | "skipped" };

function Matrix({
  label,
  rowHeader,
  records,
  rows,
  monoRows,
}: {
  label: string;
  rowHeader: string;
  records: Column[];
  rows: { name: string; values: unknown[] }[];
  /** Row names are source paths (set in monospace), not field labels. */
  monoRows?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-max border-collapse text-sm">
        <thead>
          <tr>
            <th scope="col" className={cx(head, "sticky left-0 z-10")}>
              {rowHeader}
            </th>
            {records.map((column) => (
              <th key={column.index} scope="col" className={head}>
                {recordLabel(column.index)}
                {column.verdict ? (
                  <span
                    className={cx(
                      "ml-1.5 font-normal normal-case",
                      column.verdict === "imported" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400",
                    )}
                  >
                    {column.verdict === "imported" ? "· imported" : "· skipped"}
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th
                scope="row"
                className={cx(cell, "sticky left-0 z-10 bg-white text-left text-xs font-medium text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100", monoRows && "font-mono")}
              >
                {row.name}
              </th>
              {row.values.map((value, i) => {
                const shown = show(value);
                return (
                  <td key={i} className={cx(cell, "max-w-64 break-words", shown.muted ? "text-zinc-400 italic dark:text-zinc-500" : "text-zinc-800 dark:text-zinc-200")} title={shown.title}>
                    {shown.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PreviewView({ preview, target, fieldNames }: { preview: DataSourcePreview; target: "attendees" | "sessions"; fieldNames: string[] }) {
  const { records } = preview;
  const mappedAny = records.some((record) => record.mapped !== null);
  const problems = preview.mappingErrors ? Object.keys(preview.mappingErrors.fields ?? {}).length || preview.mappingErrors.issues.length : 0;
  const columns: Column[] = records.map((record) => ({
    index: record.index,
    verdict: record.mapped === null ? undefined : record.mapped.ok ? "imported" : "skipped",
  }));

  if (preview.fetchError && records.length === 0) {
    // A setting's fault (the URL, the records path) is shown under that input instead.
    if (preview.fetchErrorField) return null;
    return (
      <Callout tone="danger" title="The sample could not be fetched" data-testid="preview-fetch-error">
        {preview.fetchError}
      </Callout>
    );
  }

  return (
    <div className="space-y-4" data-testid="preview">
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="preview-summary">
        {preview.pageRecordCount} {preview.pageRecordCount === 1 ? "record" : "records"} on the first page
        {records.length < preview.pageRecordCount ? `, the first ${records.length} shown` : ""}. {preview.paths.length} source{" "}
        {preview.paths.length === 1 ? "path" : "paths"} found
        {preview.paths.length ? " (offered in the path fields below)" : ""}.
        {preview.nextPageUrl ? (
          <>
            {" "}
            Next page: <code className="font-mono text-xs break-all">{preview.nextPageUrl}</code>
          </>
        ) : null}
      </p>
      {preview.fetchError ? (
        <Callout tone="warning" title="The next page could not be read">
          {preview.fetchError}
        </Callout>
      ) : null}
      {records.length === 0 ? (
        <Callout tone="warning" title="No records found">
          The first page holds no records at the records path. Check the records path: leave it empty when the response itself is
          the list, or name the list, such as <code className="font-mono text-xs">data.items</code>.
        </Callout>
      ) : null}
      {problems > 0 ? (
        <Callout tone="warning" title={`The mapping is not complete yet (${problems} ${problems === 1 ? "problem" : "problems"})`} data-testid="preview-mapping-errors">
          Each is shown under its field below. The records are shown as the partner sends them until the mapping is valid.
        </Callout>
      ) : null}

      {records.length > 0 && mappedAny ? (
        <>
          <Matrix
            label="Sample records as they would be imported"
            rowHeader={target === "attendees" ? "Attendee field" : "Session field"}
            records={columns}
            rows={[
              ...(target === "sessions"
                ? [{ name: SOURCE_ID_LABEL, values: records.map((r) => (r.mapped?.ok ? r.mapped.value.externalId : undefined)) }]
                : []),
              ...fieldNames.map((name) => ({
                name: target === "sessions" && name === "track" ? `${fieldLabel(target, name)} (id)` : fieldLabel(target, name),
                values: records.map((r) => (r.mapped?.ok ? r.mapped.value[target === "sessions" && name === "track" ? "trackId" : name] : undefined)),
              })),
            ]}
          />
          <ul className="space-y-1.5 text-sm" aria-label="Outcome per record" data-testid="preview-outcomes">
            {records.map((record) => (
              <li key={record.index} className="flex items-start gap-2" data-testid="preview-outcome">
                <span className="w-20 shrink-0 font-medium text-zinc-700 dark:text-zinc-300">{recordLabel(record.index)}</span>
                {record.mapped?.ok ? (
                  <span className="text-emerald-700 dark:text-emerald-400">Would be imported</span>
                ) : record.mapped?.excluded ? (
                  <span className="min-w-0 text-zinc-700 dark:text-zinc-300" data-testid="preview-excluded">
                    Would be left out: {record.mapped.reason}
                  </span>
                ) : record.mapped ? (
                  <span className="min-w-0 text-red-700 dark:text-red-400">
                    Would be skipped: <SkippedRecordText skip={{ ...record.mapped, index: record.index }} target={target} withNumber={false} />
                  </span>
                ) : (
                  <span className="text-zinc-500">Not mapped yet</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : records.length > 0 ? (
        <Matrix
          label="Sample records by source path"
          rowHeader="Source path"
          records={columns}
          rows={preview.paths.slice(0, MAX_PATH_ROWS).map((path) => ({ name: path, values: records.map((r) => getAtPath(r.source, path)) }))}
          monoRows
        />
      ) : null}

      {records.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
            Records as received (JSON)
          </summary>
          <pre tabIndex={0} role="group" aria-label="Records as received, in JSON" className={cx(focusRing, "mt-2 max-h-80 overflow-auto rounded-md bg-zinc-900 px-3 py-2 font-mono text-xs leading-5 text-zinc-100 dark:bg-black")}>
            {JSON.stringify(records.map((r) => r.source), null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
