import { z } from "zod";
import { describeRecordError } from "@/lib/domain/attendees/upsert-attendees";
import { integrationLockError, loadIntegrationLock } from "@/lib/domain/billing/entitlement";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import type { DataSource, Prisma } from "@/lib/generated/prisma/client";
import { capPartnerText } from "@/lib/platform/text/cap-partner-text";
import { dispatchSoon } from "@/lib/domain/webhooks/dispatch";
import { openSourceAuth } from "./auth-secrets";
import { openSourceHeaders, parseStoredMapping, storedPagination, toRunView, type DataSourceRunView } from "./data-sources";
import { FetchAbortedError, SourceFetchError, SourceRateLimitedError, fetchPages, type FetchLimits } from "./fetch-records";
import { incrementalSchema, incrementalValue } from "./source-config";
import { applyBatch, loadTargetContext, prepareRecord, type BatchItem, type TargetContext } from "./import-targets";
import { skippedRecord, type SkippedRecord } from "./skipped-record";
import { logger } from "@/lib/platform/observability/logger";

// One import run of a data source: fetch the partner's pages, map every record, create
// or update through the domain operations (never delete), and keep a run record.
//
// Limits (spec, "Limits"): 5,000 records or 60 s per run, whichever first; 20 s and 5 MB
// per request. All injectable so tests stay fast.
//
// Run record status:
//   succeeded  every record fetched was applied (created, updated or unchanged) or left
//              out by a skip rule (counted as excluded, named in excludedRecords);
//   partial    some records were skipped, or the run stopped at a limit (stoppedEarly);
//   failed     the source could not be read (fetchError: HTTP status, not JSON, too large,
//              refused URL...) or the run could not continue (event archived, internal
//              error). Records applied before the failure stay applied;
//   skipped    a scheduled run that did not start (skipReason: the integration lock
//              reason, or run_in_progress). A manual start is refused instead (402/403/503,
//              409 run_in_progress).
// `index` in recordErrors is the record's 0-based position in the source, across pages
// (shown as "Record index+1", the preview's numbering: skipped-record.ts).
//
// Runs of one source never overlap: a run holds DataSource.runLeaseUntil, taken with one
// atomic UPDATE ... WHERE the lease is free, renewed as it goes, released at the end. The
// lease (90 s) outlasts the longest run (60 s + the last write), so a crashed run frees its
// source by itself.

export type ImportLimits = FetchLimits & {
  /** Records per run. Spec: 5,000. */
  maxRecords: number;
  /** Wall time per run. Spec: 60 s. */
  maxSeconds: number;
};

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxRecords: 5_000,
  maxSeconds: 60,
  fetchTimeoutMs: 20_000,
  maxBytes: 5 * 1024 * 1024,
};

export const RUN_LEASE_SECONDS = 90;
/**
 * Records applied per batch (one transaction of a handful of statements for attendees).
 * The counts are written to the run row after each batch, so the console shows progress.
 */
export const BATCH_SIZE = 500;
export const MAX_RECORD_ERRORS = 50;

export type RunImportOptions = {
  trigger: "manual" | "schedule";
  limits?: Partial<ImportLimits>;
  /** When given, the source must belong to this organization (console); otherwise 404. */
  orgId?: string;
  /** Shutdown: stop fetching, keep what was applied, record the run and release the lease. */
  signal?: AbortSignal;
};

type Counts = { fetched: number; created: number; updated: number; unchanged: number; skipped: number; excluded: number };

// ───────────── the lease ─────────────

async function takeLease(dataSourceId: string): Promise<Date | null> {
  const rows = await getDb().$queryRaw<{ runLeaseUntil: Date }[]>`
    UPDATE "DataSource" SET "runLeaseUntil" = now() + make_interval(secs => ${RUN_LEASE_SECONDS})
    WHERE id = ${dataSourceId}::uuid AND ("runLeaseUntil" IS NULL OR "runLeaseUntil" < now())
    RETURNING "runLeaseUntil"`;
  return rows[0]?.runLeaseUntil ?? null;
}

/** Extends our lease; null when it is no longer ours (it expired and another run took it). */
async function renewLease(dataSourceId: string, lease: Date): Promise<Date | null> {
  const rows = await getDb().$queryRaw<{ runLeaseUntil: Date }[]>`
    UPDATE "DataSource" SET "runLeaseUntil" = now() + make_interval(secs => ${RUN_LEASE_SECONDS})
    WHERE id = ${dataSourceId}::uuid AND "runLeaseUntil" = ${lease}
    RETURNING "runLeaseUntil"`;
  return rows[0]?.runLeaseUntil ?? null;
}

async function releaseLease(dataSourceId: string, lease: Date): Promise<void> {
  await getDb().$executeRaw`
    UPDATE "DataSource" SET "runLeaseUntil" = NULL WHERE id = ${dataSourceId}::uuid AND "runLeaseUntil" = ${lease}`;
}

// ───────────── the run ─────────────

/** A domain operation's refusal of one record: its message, and the field it names with the value sent. */
function refusal(error: AppError, fields: Record<string, unknown> | undefined): { reason: string; field?: string; value?: unknown } {
  const field = Object.keys((error.details?.fields as Record<string, unknown> | undefined) ?? {})[0];
  return field ? { reason: describeRecordError(error), field, value: fields?.[field] } : { reason: describeRecordError(error) };
}

class RunStopped extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function findSource(dataSourceId: string, orgId: string | undefined): Promise<DataSource> {
  const valid = z.uuid().safeParse(dataSourceId).success && (orgId === undefined || z.uuid().safeParse(orgId).success);
  const source = valid ? await getDb().dataSource.findFirst({ where: { id: dataSourceId, ...(orgId ? { orgId } : {}) } }) : null;
  if (!source) throw new AppError("NOT_FOUND", "No such data source.");
  return source;
}

/**
 * The incremental parameter for this run: none on the first run (or with no successful
 * run yet), else the start of the last successful run minus the look-back. Only a
 * `succeeded` run counts: a partial one may have missed records, so they are asked again.
 */
async function incrementalQuery(source: DataSource, currentRunId: string): Promise<Record<string, string>> {
  const parsed = incrementalSchema.safeParse(source.incremental);
  if (source.incremental === null || !parsed.success) return {};
  const last = await getDb().dataSourceRun.findFirst({
    where: {
      dataSourceId: source.id,
      status: "succeeded",
      id: { not: currentRunId },
      // Runs before a change of URL, records path or parameter read another source.
      ...(source.incrementalResetAt ? { startedAt: { gt: source.incrementalResetAt } } : {}),
    },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: { startedAt: true },
  });
  return last ? { [parsed.data.param]: incrementalValue(parsed.data, last.startedAt) } : {};
}

async function recordSkippedRun(dataSourceId: string, skipReason: string): Promise<DataSourceRunView> {
  const now = new Date();
  const run = await getDb().dataSourceRun.create({
    data: { dataSourceId, trigger: "schedule", status: "skipped", skipReason, startedAt: now, finishedAt: now },
  });
  return toRunView(run);
}

/**
 * Runs an import now, in this process, and returns the finished run record.
 * Throws 404 (unknown source, or another organization's with `orgId`), and for a manual
 * trigger 402/403/503 (integrations locked) or 409 CONFLICT run_in_progress. A scheduled
 * trigger never throws those: it returns a `skipped` run saying why.
 */
export async function runImport(dataSourceId: string, options: RunImportOptions): Promise<DataSourceRunView> {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...options.limits };
  const source = await findSource(dataSourceId, options.orgId);

  const lock = await loadIntegrationLock(source.orgId);
  if (lock) {
    if (options.trigger === "manual") throw integrationLockError(lock);
    return recordSkippedRun(source.id, lock);
  }

  let lease = await takeLease(source.id);
  if (!lease) {
    if (options.trigger === "schedule") return recordSkippedRun(source.id, "run_in_progress");
    throw new AppError("CONFLICT", "An import of this data source is already running.", { reason: "run_in_progress" });
  }

  try {
    const run = await getDb().dataSourceRun.create({ data: { dataSourceId: source.id, trigger: options.trigger, status: "running" } });
    const counts: Counts = { fetched: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, excluded: 0 };
    const recordErrors: SkippedRecord[] = [];
    const excludedRecords: SkippedRecord[] = [];
    let stoppedEarly: DataSourceRunView["stoppedEarly"] = null;
    let fetchError: string | null = null;

    const startedAt = Date.now();
    const deadline = startedAt + limits.maxSeconds * 1000;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), Math.max(deadline - Date.now(), 0));
    // A shutdown ends the run the way its time limit does (recorded as stopped early).
    const stopOnShutdown = () => abort.abort();
    options.signal?.addEventListener("abort", stopOnShutdown, { once: true });
    const outOfTime = () => Date.now() >= deadline || abort.signal.aborted;

    const saveProgress = async () => {
      await getDb().dataSourceRun.update({
        where: { id: run.id },
        data: { ...counts, recordErrors: recordErrors as unknown as Prisma.InputJsonValue, excludedRecords: excludedRecords as unknown as Prisma.InputJsonValue },
      });
      const renewed = await renewLease(source.id, lease!);
      if (!renewed) throw new RunStopped("The run lost its lease (it ran past the lease time); another run may have started.");
      lease = renewed;
    };

    // A skip rule's record: counted apart from errors (the run still succeeds), named by its id.
    const exclude = (index: number, reason: { reason: string; sourceId?: string }) => {
      counts.excluded++;
      if (excludedRecords.length < MAX_RECORD_ERRORS) excludedRecords.push(skippedRecord(index, reason));
    };

    const skip = (index: number, reason: { reason: string; field?: string; value?: unknown; sourceId?: string }) => {
      counts.skipped++;
      if (recordErrors.length >= MAX_RECORD_ERRORS) return;
      recordErrors.push(skippedRecord(index, reason));
      // Mapping faults are known at once, write refusals at the batch's end: keep index order.
      recordErrors.sort((a, b) => a.index - b.index);
    };

    // Prepared records wait here until the batch is applied: every BATCH_SIZE records and
    // at the end of each page (so a later page's failure never loses earlier records).
    let batch: BatchItem[] = [];
    const sourceIds = new Map<number, string>();
    let context: TargetContext | null = null;
    const flush = async () => {
      if (batch.length > 0) {
        const items = batch;
        batch = [];
        const { results, stopped } = await applyBatch(items, context!);
        results.sort((a, b) => a.index - b.index);
        const byIndex = new Map(items.map((item) => [item.index, item.record]));
        for (const result of results) {
          if ("outcome" in result) counts[result.outcome]++;
          else {
            const sourceId = sourceIds.get(result.index);
            skip(result.index, { ...refusal(result.error, byIndex.get(result.index)?.fields), ...(sourceId !== undefined ? { sourceId } : {}) });
          }
        }
        sourceIds.clear();
        if (stopped) throw new RunStopped(stopped.message);
      }
      await saveProgress();
    };

    try {
      const mapping = parseStoredMapping(source);
      context = await loadTargetContext(source.orgId, source.eventId, source.id);
      if (context.eventStatus === "archived") {
        // The domain operations refuse every write too; saying so up front spares the fetch.
        throw new RunStopped(`The event is archived; its ${source.target === "attendees" ? "guest list" : "programme"} is read-only.`);
      }
      const auth = openSourceAuth(source);
      if (!auth) throw new RunStopped("The saved credentials cannot be read; enter the secret again and save.");
      const pages = fetchPages(
        {
          url: source.url,
          headers: openSourceHeaders(source),
          recordsPath: source.recordsPath,
          nextPagePath: source.nextPagePath,
          pagination: storedPagination(source),
          auth,
          query: await incrementalQuery(source, run.id),
          pauseBetweenPagesMs: source.pauseBetweenPagesMs,
        },
        { limits, signal: abort.signal, deadline },
      );
      let index = 0;
      pages: for await (const page of pages) {
        for (const record of page.records) {
          if (counts.fetched >= limits.maxRecords) {
            stoppedEarly = "record_limit";
            break pages;
          }
          if (outOfTime()) {
            stoppedEarly = "time_limit";
            break pages;
          }
          counts.fetched++;
          const prepared = prepareRecord(source.target, record, mapping, context);
          if (prepared.ok) {
            batch.push({ index, record: prepared.record });
            if (prepared.sourceId !== undefined) sourceIds.set(index, prepared.sourceId);
          } else if (prepared.excluded) exclude(index, prepared);
          else skip(index, prepared);
          index++;
          if (counts.fetched % BATCH_SIZE === 0) await flush();
        }
        await flush();
        if (page.nextUrl && counts.fetched >= limits.maxRecords) {
          stoppedEarly = "record_limit";
          break;
        }
        if (page.nextUrl && outOfTime()) {
          stoppedEarly = "time_limit";
          break;
        }
      }
      await flush();
    } catch (error) {
      if (error instanceof FetchAbortedError) stoppedEarly = "time_limit";
      else if (error instanceof SourceRateLimitedError) stoppedEarly = "rate_limited";
      else if (error instanceof SourceFetchError || error instanceof RunStopped) fetchError = error.message;
      else if (error instanceof AppError) {
        // parseStoredMapping's INVALID_INPUT (a row edited by hand), or the event gone.
        fetchError = error.code === "INVALID_INPUT" ? "The saved mapping is not valid any more; edit and save it again." : error.message;
      }
      else {
        // Logged with the run id only: the error never carries header values, but the
        // record that caused it may hold personal data.
        logger.error({ runId: run.id, dataSourceId: source.id, err: error instanceof Error ? error.message : String(error) }, "import run stopped on an internal error");
        fetchError = "The import stopped on an internal error.";
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", stopOnShutdown);
    }

    const status = fetchError ? "failed" : counts.skipped > 0 || stoppedEarly ? "partial" : "succeeded";
    const finished = await getDb().dataSourceRun.update({
      where: { id: run.id },
      data: {
        ...counts,
        status,
        stoppedEarly,
        fetchError: capPartnerText(fetchError),
        recordErrors: recordErrors as unknown as Prisma.InputJsonValue,
        excludedRecords: excludedRecords as unknown as Prisma.InputJsonValue,
        finishedAt: new Date(),
      },
    });
    logger.info(
      { runId: run.id, dataSourceId: source.id, orgId: source.orgId, trigger: options.trigger, status, stoppedEarly, ...counts, durationMs: Date.now() - startedAt },
      "import run",
    );
    // Prompt webhook delivery of what this run recorded (best effort; the sweep is the guarantee).
    if (counts.created + counts.updated > 0) await dispatchSoon();
    return toRunView(finished);
  } finally {
    await releaseLease(source.id, lease!);
  }
}
