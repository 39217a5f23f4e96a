import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/console/format-time";
import { draftFromSource, type TransformDraft } from "@/lib/console/mapping-draft";
import type { DataSourceView } from "@/lib/domain/imports/data-sources";
import { SCHEDULE_LABEL, TARGET_LABEL } from "./sources-table";
import { fieldLabel } from "@/lib/domain/imports/mapping";

function Fact({ term, children, wide }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{term}</dt>
      <dd className="mt-1 text-sm break-words text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function describeTransform(transform: TransformDraft): string {
  switch (transform.op) {
    case "parseDate":
      return `parse date${transform.format ? ` “${transform.format}”` : ""}${transform.timezone ? ` in ${transform.timezone}` : ""}`;
    case "map": {
      const rows = transform.rows.filter((row) => row.from !== "").length;
      const fallback = transform.fallback === "value" ? `, else “${transform.fallbackValue}”` : transform.fallback === "missing" ? ", else missing" : "";
      return `map (${rows} ${rows === 1 ? "value" : "values"}${fallback})`;
    }
    case "number":
      return "to number";
    default:
      return transform.op;
  }
}

const none = <span className="text-zinc-500 dark:text-zinc-400">None</span>;

/** The saved configuration, read-only: header names only (their values never leave the server). */
export function SourceSummary({ source, eventName, timeZone }: { source: DataSourceView; eventName: string; timeZone: string }) {
  const draft = draftFromSource(source);
  const mapped = Object.entries(draft.fields).filter(([, field]) => field.path !== "");
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Imports">
          {TARGET_LABEL[source.target]} into {eventName}
        </Fact>
        <Fact term="Schedule">
          {SCHEDULE_LABEL[source.schedule]}
          {source.schedule !== "manual" && source.nextRunAt ? (
            <span className="text-zinc-500 dark:text-zinc-400"> · next {formatDateTime(source.nextRunAt, timeZone)}</span>
          ) : null}
        </Fact>
        <Fact term="URL" wide>
          <code className="font-mono text-xs break-all" data-testid="source-url">
            {source.url}
          </code>
        </Fact>
        <Fact term="Headers">
          {source.headerNames.length ? (
            <>
              <span className="font-mono text-xs">{source.headerNames.join(", ")}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">Values saved encrypted; never shown.</span>
            </>
          ) : (
            none
          )}
        </Fact>
        <Fact term="Records path">{source.recordsPath ? <code className="font-mono text-xs">{source.recordsPath}</code> : <span className="text-zinc-500 dark:text-zinc-400">The response is the list</span>}</Fact>
        <Fact term="Pagination">
          {source.pagination.type === "none" ? <span className="text-zinc-500 dark:text-zinc-400">One page only</span> : <code className="font-mono text-xs">{describePagination(source.pagination)}</code>}
        </Fact>
        <Fact term="Authentication">
          {source.auth.type === "none" ? none : <span className="font-mono text-xs">{describeAuth(source.auth)}</span>}
          {source.auth.type !== "none" ? <span className="block text-xs text-zinc-500 dark:text-zinc-400">Secret saved encrypted; never shown.</span> : null}
        </Fact>
        <Fact term="Incremental">
          {source.incremental ? <code className="font-mono text-xs">{`${source.incremental.param} (${source.incremental.format}, ${source.incremental.lookbackSeconds} s look-back)`}</code> : none}
        </Fact>
        {source.target === "sessions" ? (
          <Fact term="Source id path">{draft.sourceIdPath ? <code className="font-mono text-xs">{draft.sourceIdPath}</code> : none}</Fact>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Mapping</h3>
        {mapped.length === 0 ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">No field is mapped. Edit the data source to map its fields before running it.</p>
        ) : (
          <ul className="mt-2 divide-y divide-zinc-100 rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800" data-testid="mapping-summary">
            {mapped.map(([name, field]) => (
              <li key={name} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:gap-3">
                <span className="w-32 shrink-0 text-xs font-medium text-zinc-900 dark:text-zinc-100">{fieldLabel(source.target, name)}</span>
                <span className="min-w-0 text-zinc-700 dark:text-zinc-300">
                  <span aria-hidden="true">← </span>
                  <span className="sr-only">from </span>
                  <code className="font-mono text-xs">{field.path}</code>
                  {field.transforms.length ? <span className="text-zinc-500 dark:text-zinc-400"> · {field.transforms.map(describeTransform).join(", then ")}</span> : null}
                  {field.defaultValue !== "" ? <span className="text-zinc-500 dark:text-zinc-400"> · default “{field.defaultValue}”</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function describePagination(p: DataSourceView["pagination"]): string {
  switch (p.type) {
    case "nextUrl":
      return `next link at ${p.path}`;
    case "cursor":
      return `cursor ${p.cursorPath} → ?${p.param}=${p.hasMorePath ? `, while ${p.hasMorePath}` : ""}`;
    case "page":
      return `?${p.param}=${p.startAt},${p.startAt + 1}…${p.sizeParam ? ` &${p.sizeParam}=${p.size}` : ""}`;
    case "offset":
      return `?${p.offsetParam}=0,${p.limit}… &${p.limitParam}=${p.limit}`;
    case "linkHeader":
      return "Link header, rel=next";
    default:
      return "one page";
  }
}

function describeAuth(a: DataSourceView["auth"]): string {
  switch (a.type) {
    case "bearer":
      return "Bearer token";
    case "basic":
      return `HTTP basic as ${a.username}`;
    case "header":
      return `Header ${a.name}`;
    case "query":
      return `Query parameter ${a.name}`;
    case "oauth2ClientCredentials":
      return `OAuth 2 client ${a.clientId} at ${a.tokenUrl}`;
    default:
      return "None";
  }
}
