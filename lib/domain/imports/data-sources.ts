import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { decryptSecret, encryptSecret } from "@/lib/platform/crypto/secret-box";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { Prisma, type DataSource, type DataSourceRun } from "@/lib/generated/prisma/client";
import { checkOutboundUrl, outboundAllowLoopback } from "@/lib/platform/outbound/url-guard";
import {
  createDataSourceInputSchema,
  updateDataSourceInputSchemaFor,
  type CreateDataSourceInput,
  type UpdateDataSourceInput,
} from "./data-source-input";
import { mergeAuth, openSourceAuth, sealAuth, storedAuthOf } from "./auth-secrets";
import { sameOrigin, storedHeadersFor } from "./header-origin";
import { createdSummary, dataSourceTarget, editedSummary } from "./data-source-audit";
import { authSecretOf, paginationSchema, type IncrementalConfig, type PaginationConfig, type StoredAuth } from "./source-config";
import { mappingSchemaFor, type ImportMapping } from "./mapping";
import { initialNextRunAt } from "./schedule";
import type { SkippedRecord } from "./skipped-record";
import { withLocalAddressHint } from "./unreachable-url";

// Managing an organization's data sources (console and CLI). Every function takes the
// organization explicitly; another organization's source or event answers 404.
//
// Header values are secrets. They are sealed (AES-256-GCM, lib/platform/crypto/secret-box) as ONE
// JSON object in headersCiphertext; headerNames keeps the names for display. Nothing here
// returns a value or the ciphertext: views carry names only. Only the run (and preview)
// open the blob, through openSourceHeaders, to send the request.

export type DataSourceRunView = {
  id: string;
  dataSourceId: string;
  trigger: "manual" | "schedule";
  status: "running" | "succeeded" | "partial" | "failed" | "skipped";
  startedAt: Date;
  finishedAt: Date | null;
  counts: { fetched: number; created: number; updated: number; unchanged: number; skipped: number; excluded: number };
  stoppedEarly: "record_limit" | "time_limit" | "rate_limited" | null;
  recordErrors: SkippedRecord[];
  /** Records a skip rule left out (first 50), by the partner's id when the mapping names it. */
  excludedRecords: SkippedRecord[];
  fetchError: string | null;
  skipReason: string | null;
};

export type DataSourceView = {
  id: string;
  eventId: string;
  name: string;
  target: "attendees" | "sessions";
  url: string;
  /** Names of the configured request headers; their values are never returned. */
  headerNames: string[];
  recordsPath: string;
  nextPagePath: string | null;
  pagination: PaginationConfig;
  /** The authentication style and its public settings; the secret is never returned. */
  auth: StoredAuth;
  incremental: IncrementalConfig | null;
  pauseBetweenPagesMs: number;
  mapping: ImportMapping;
  schedule: "manual" | "hourly" | "daily";
  nextRunAt: Date | null;
  /** A run holds the lease right now. */
  running: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastRun: DataSourceRunView | null;
};

export function toRunView(run: DataSourceRun): DataSourceRunView {
  return {
    id: run.id,
    dataSourceId: run.dataSourceId,
    trigger: run.trigger,
    status: run.status,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    counts: { fetched: run.fetched, created: run.created, updated: run.updated, unchanged: run.unchanged, skipped: run.skipped, excluded: run.excluded },
    stoppedEarly: (run.stoppedEarly as DataSourceRunView["stoppedEarly"]) ?? null,
    recordErrors: Array.isArray(run.recordErrors) ? (run.recordErrors as DataSourceRunView["recordErrors"]) : [],
    excludedRecords: Array.isArray(run.excludedRecords) ? (run.excludedRecords as DataSourceRunView["excludedRecords"]) : [],
    fetchError: run.fetchError,
    skipReason: run.skipReason,
  };
}

function toView(source: DataSource, lastRun: DataSourceRun | null, now = new Date()): DataSourceView {
  return {
    id: source.id,
    eventId: source.eventId,
    name: source.name,
    target: source.target,
    url: source.url,
    headerNames: [...source.headerNames],
    recordsPath: source.recordsPath,
    nextPagePath: source.nextPagePath,
    pagination: storedPagination(source),
    auth: storedAuthOf(source),
    incremental: (source.incremental as IncrementalConfig | null) ?? null,
    pauseBetweenPagesMs: source.pauseBetweenPagesMs,
    mapping: source.mapping as ImportMapping,
    schedule: source.schedule,
    nextRunAt: source.nextRunAt,
    running: source.runLeaseUntil !== null && source.runLeaseUntil > now,
    createdAt: source.createdAt,
    updatedAt: source.updatedAt,
    lastRun: lastRun ? toRunView(lastRun) : null,
  };
}

/** The stored paging setting (a row from before it existed follows its next-page path). */
export function storedPagination(source: Pick<DataSource, "pagination" | "nextPagePath">): PaginationConfig {
  const parsed = paginationSchema.safeParse(source.pagination);
  if (parsed.success && (parsed.data.type !== "none" || source.nextPagePath === null)) return parsed.data;
  return source.nextPagePath ? { type: "nextUrl", path: source.nextPagePath } : { type: "none" };
}

/**
 * `pagination` or the older `nextPagePath`: one of them. Returns what to store in both
 * columns (nextPagePath mirrors a nextUrl pagination, so older readers keep working).
 */
export function resolvePagination(
  pagination: PaginationConfig | undefined,
  nextPagePath: string | null | undefined,
): { pagination: PaginationConfig; nextPagePath: string | null } | undefined {
  if (pagination && nextPagePath && !(pagination.type === "nextUrl" && pagination.path === nextPagePath)) {
    throw validationError([{ code: "custom", path: ["nextPagePath"], message: "Give either pagination or nextPagePath, not both.", input: nextPagePath }]);
  }
  const resolved: PaginationConfig | undefined = pagination ?? (nextPagePath === undefined ? undefined : nextPagePath ? { type: "nextUrl", path: nextPagePath } : { type: "none" });
  if (!resolved) return undefined;
  return { pagination: resolved, nextPagePath: resolved.type === "nextUrl" ? resolved.path : null };
}

// ───────────── header secrets ─────────────

type HeaderRows = { name: string; value: string }[];

function sealHeaders(rows: HeaderRows): { headerNames: string[]; headersCiphertext: string | null } {
  if (rows.length === 0) return { headerNames: [], headersCiphertext: null };
  const values = Object.fromEntries(rows.map((row) => [row.name, row.value]));
  return { headerNames: rows.map((row) => row.name), headersCiphertext: encryptSecret(JSON.stringify(values)) };
}

/** The stored headers, name → value. For sending requests only: never return or log the result. */
export function openSourceHeaders(source: Pick<DataSource, "headersCiphertext">): Record<string, string> {
  if (!source.headersCiphertext) return {};
  const parsed: unknown = JSON.parse(decryptSecret(source.headersCiphertext));
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/**
 * Header rows from an edit form: a row without a value keeps the stored value of that
 * name (matched ignoring case); a stored name absent from the rows is dropped.
 * Returns the issues for rows that have no value to keep. `originChanged` says the
 * stored values were withheld because the URL now points to another origin, so the
 * message asks for the value again instead of just a value.
 */
export function mergeHeaderRows(
  rows: { name: string; value?: string }[],
  stored: Record<string, string>,
  options: { originChanged?: boolean } = {},
): { rows: HeaderRows; issues: z.core.$ZodIssue[] } {
  const storedByName = new Map(Object.entries(stored).map(([name, value]) => [name.toLowerCase(), value]));
  const merged: HeaderRows = [];
  const issues: z.core.$ZodIssue[] = [];
  rows.forEach((row, index) => {
    const value = row.value ?? storedByName.get(row.name.toLowerCase());
    if (value === undefined) {
      const message = options.originChanged
        ? `The URL now points to another site: enter the value of ${row.name} again (saved values are only sent to the site they were entered for).`
        : `Give the header ${row.name} a value.`;
      issues.push({ code: "custom", path: ["headers", index, "value"], message, input: undefined });
    } else {
      merged.push({ name: row.name, value });
    }
  });
  return { rows: merged, issues };
}

function sealAuthColumns(auth: Parameters<typeof sealAuth>[0]) {
  const sealed = sealAuth(auth);
  return { auth: sealed.auth as Prisma.InputJsonValue, authCiphertext: sealed.authCiphertext };
}

// ───────────── lookups ─────────────

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** The organization's source, or 404 (missing, foreign, or not an id). */
export async function requireDataSource(orgId: string, dataSourceId: string): Promise<DataSource> {
  const source = isUuid(dataSourceId) && isUuid(orgId)
    ? await getDb().dataSource.findFirst({ where: { id: dataSourceId, orgId } })
    : null;
  if (!source) throw new AppError("NOT_FOUND", "No such data source.");
  return source;
}

async function requireOrgEvent(orgId: string, eventId: string) {
  const event = isUuid(orgId) ? await getDb().event.findFirst({ where: { id: eventId, orgId }, select: { id: true } }) : null;
  if (!event) throw new AppError("NOT_FOUND", "No such event.");
  return event;
}

/** The SSRF guard at save time (safeFetch applies it again at every request). */
async function assertUrlAllowed(url: string): Promise<void> {
  const checked = await checkOutboundUrl(url, { allowLoopback: outboundAllowLoopback() });
  if (!checked.ok) {
    throw validationError([{ code: "custom", path: ["url"], message: withLocalAddressHint(checked.reason, url), input: url }]);
  }
}

/** The token URL passes the same guard as the data URL. */
async function assertTokenUrlAllowed(auth: { type: string; tokenUrl?: string } | undefined): Promise<void> {
  if (auth?.type !== "oauth2ClientCredentials" || !auth.tokenUrl) return;
  const checked = await checkOutboundUrl(auth.tokenUrl, { allowLoopback: outboundAllowLoopback() });
  if (!checked.ok) {
    throw validationError([{ code: "custom", path: ["auth", "tokenUrl"], message: withLocalAddressHint(checked.reason, auth.tokenUrl), input: auth.tokenUrl }]);
  }
}

async function lastRunOf(dataSourceId: string): Promise<DataSourceRun | null> {
  return getDb().dataSourceRun.findFirst({ where: { dataSourceId }, orderBy: [{ startedAt: "desc" }, { id: "desc" }] });
}

/**
 * Whether an edit points the source at other data: a new URL, records path or incremental
 * parameter. An incremental source's next run then reads from the start (the old
 * high-water mark would silently skip everything older in the new source). Marked for any
 * source, so one made incremental later does not inherit a mark from the old data either.
 * The editor warns before saving with the same rule (lib/console/incremental-restart.ts).
 */
export function incrementalRestarts(
  current: Pick<DataSource, "url" | "recordsPath" | "incremental">,
  next: { url?: string; recordsPath?: string; incremental?: IncrementalConfig | null },
): boolean {
  const before = (current.incremental as IncrementalConfig | null) ?? null;
  const after = next.incremental === undefined ? before : next.incremental;
  return (
    (next.url !== undefined && next.url !== current.url) ||
    (next.recordsPath !== undefined && next.recordsPath !== current.recordsPath) ||
    (before !== null && after !== null && after.param !== before.param)
  );
}

// ───────────── operations ─────────────

/** Creates a source. 402/403/503 while integrations are locked; 404 for a foreign event; 400 for bad input or a refused URL. */
export async function createDataSource(
  orgId: string,
  input: CreateDataSourceInput | unknown,
  actor: Actor,
): Promise<DataSourceView> {
  await assertIntegrationsUnlocked(orgId);
  const parsed = createDataSourceInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const data = parsed.data;
  await requireOrgEvent(orgId, data.eventId);
  await assertUrlAllowed(data.url);
  await assertTokenUrlAllowed(data.auth);
  const paging = resolvePagination(data.pagination, data.nextPagePath)!;

  const source = await getDb().$transaction(async (tx) => {
    const created = await tx.dataSource.create({
      data: {
        orgId,
        eventId: data.eventId,
        name: data.name,
        target: data.target,
        url: data.url,
        ...sealHeaders(data.headers),
        recordsPath: data.recordsPath,
        nextPagePath: paging.nextPagePath,
        pagination: paging.pagination as Prisma.InputJsonValue,
        ...sealAuthColumns(data.auth),
        incremental: data.incremental === null ? Prisma.DbNull : (data.incremental as Prisma.InputJsonValue),
        pauseBetweenPagesMs: data.pauseBetweenPagesMs,
        mapping: data.mapping as Prisma.InputJsonValue,
        schedule: data.schedule,
        nextRunAt: initialNextRunAt(data.schedule),
        createdById: actor.type === "user" ? actor.userId : null,
      },
    });
    await recordAudit(tx, orgId, actor, { action: "data_source.created", target: dataSourceTarget(created), summary: createdSummary(created) });
    return created;
  }, WRITE_TRANSACTION);
  return toView(source, null);
}

/**
 * Edits a source (allowed while integrations are locked: the console keeps working).
 * Event and target are fixed. See data-source-input.ts for how header rows merge.
 */
export async function updateDataSource(orgId: string, dataSourceId: string, input: UpdateDataSourceInput | unknown, actor: Actor): Promise<DataSourceView> {
  const found = await requireDataSource(orgId, dataSourceId);
  const parsed = updateDataSourceInputSchemaFor(found.target).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const data = parsed.data;
  // The DNS-dependent check runs before the row lock is taken, never while holding it.
  if (data.url !== undefined && data.url !== found.url) await assertUrlAllowed(data.url);
  await assertTokenUrlAllowed(data.auth);
  const paging = resolvePagination(data.pagination, data.nextPagePath);

  // Header values are read, merged and written back: under the row lock, so an edit that
  // keeps a saved value never writes back one that a concurrent edit just replaced.
  const source = await getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "DataSource" WHERE id = ${found.id}::uuid FOR UPDATE`;
    const current = await tx.dataSource.findUnique({ where: { id: found.id } });
    if (!current) throw new AppError("NOT_FOUND", "No such data source.");

    // Stored values belong to the saved URL's origin: a new origin gets only what this
    // request re-enters, and with no header rows at all the stored ones are dropped.
    const nextUrl = data.url ?? current.url;
    const originChanged = !sameOrigin(nextUrl, current.url);
    const stored = storedHeadersFor(nextUrl, { url: current.url, headers: openSourceHeaders(current) });
    let headers: ReturnType<typeof sealHeaders> | undefined;
    if (data.headers) {
      const merged = mergeHeaderRows(data.headers, stored, { originChanged });
      if (merged.issues.length > 0) throw validationError(merged.issues);
      headers = sealHeaders(merged.rows);
    } else if (originChanged) {
      headers = sealHeaders([]);
    }

    // Credentials: re-sealed when given; a left-out secret is kept only for the same
    // type and origins, and a changed origin with no auth given must re-enter it.
    const savedAuth = { url: current.url, auth: openSourceAuth(current) };
    const authInput = data.auth ?? (originChanged && storedAuthOf(current).type !== "none" ? { ...storedAuthOf(current) } : undefined);
    let authColumns: ReturnType<typeof sealAuthColumns> | undefined;
    if (authInput) {
      const merged = mergeAuth(authInput, savedAuth, nextUrl);
      if (merged.issues.length > 0) throw validationError(merged.issues);
      authColumns = sealAuthColumns(merged.auth!);
    }

    const scheduleChanged = data.schedule !== undefined && data.schedule !== current.schedule;
    const restartsIncremental = incrementalRestarts(current, data);
    const updated = await tx.dataSource.update({
      where: { id: current.id },
      data: {
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.url !== undefined ? { url: data.url } : {}),
        ...(headers ?? {}),
        ...(data.recordsPath !== undefined ? { recordsPath: data.recordsPath } : {}),
        ...(paging ? { nextPagePath: paging.nextPagePath, pagination: paging.pagination as Prisma.InputJsonValue } : {}),
        ...(authColumns ?? {}),
        ...(data.incremental !== undefined ? { incremental: data.incremental === null ? Prisma.DbNull : (data.incremental as Prisma.InputJsonValue) } : {}),
        ...(data.pauseBetweenPagesMs !== undefined ? { pauseBetweenPagesMs: data.pauseBetweenPagesMs } : {}),
        ...(data.mapping !== undefined ? { mapping: data.mapping as Prisma.InputJsonValue } : {}),
        ...(scheduleChanged ? { schedule: data.schedule, nextRunAt: initialNextRunAt(data.schedule!) } : {}),
        ...(restartsIncremental ? { incrementalResetAt: new Date() } : {}),
      },
    });
    const summary = editedSummary(current, updated, { credentialReplaced: data.auth !== undefined && authSecretOf(data.auth) !== undefined });
    if (Object.keys(summary).length > 0) await recordAudit(tx, orgId, actor, { action: "data_source.updated", target: dataSourceTarget(updated), summary });
    return updated;
  }, WRITE_TRANSACTION);
  return toView(source, await lastRunOf(source.id));
}

export async function getDataSource(orgId: string, dataSourceId: string): Promise<DataSourceView> {
  const source = await requireDataSource(orgId, dataSourceId);
  return toView(source, await lastRunOf(source.id));
}

/** The organization's sources, oldest first, each with its latest run. */
export async function listDataSources(orgId: string, filter: { eventId?: string } = {}): Promise<DataSourceView[]> {
  if (!isUuid(orgId) || (filter.eventId !== undefined && !isUuid(filter.eventId))) return [];
  const sources = await getDb().dataSource.findMany({
    where: { orgId, ...(filter.eventId ? { eventId: filter.eventId } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { runs: { orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: 1 } },
  });
  const now = new Date();
  return sources.map(({ runs, ...source }) => toView(source, runs[0] ?? null, now));
}

/** Removes the source and its run history. What it imported stays (imports never delete). */
export async function deleteDataSource(orgId: string, dataSourceId: string, actor: Actor): Promise<{ id: string }> {
  const source = await requireDataSource(orgId, dataSourceId);
  await getDb().$transaction(async (tx) => {
    await tx.dataSource.delete({ where: { id: source.id } });
    await recordAudit(tx, orgId, actor, { action: "data_source.deleted", target: dataSourceTarget(source), summary: { url: source.url, target: source.target } });
  }, WRITE_TRANSACTION);
  return { id: source.id };
}

/** Recent runs of a source, newest first. */
export async function listDataSourceRuns(orgId: string, dataSourceId: string, options: { limit?: number } = {}): Promise<DataSourceRunView[]> {
  const source = await requireDataSource(orgId, dataSourceId);
  const runs = await getDb().dataSourceRun.findMany({
    where: { dataSourceId: source.id },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(options.limit ?? 20, 1), 100),
  });
  return runs.map(toRunView);
}

/** One run (the console polls it for live progress). */
export async function getDataSourceRun(orgId: string, runId: string): Promise<DataSourceRunView> {
  const run = isUuid(runId) && isUuid(orgId)
    ? await getDb().dataSourceRun.findFirst({ where: { id: runId, dataSource: { orgId } } })
    : null;
  if (!run) throw new AppError("NOT_FOUND", "No such run.");
  return toRunView(run);
}

/** Re-validates a stored mapping (it was valid when saved; this guards hand-edited rows). */
export function parseStoredMapping(source: Pick<DataSource, "target" | "mapping">): ImportMapping {
  const parsed = mappingSchemaFor(source.target).safeParse(source.mapping);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ ...issue, path: ["mapping", ...issue.path] })));
  return parsed.data;
}
