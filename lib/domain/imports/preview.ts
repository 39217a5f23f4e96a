import { assertIntegrationsUnlocked } from "@/lib/domain/billing/entitlement";
import { validationError } from "@/lib/platform/errors/app-error";
import { previewInputSchema, type PreviewInput } from "./data-source-input";
import { mergeHeaderRows, openSourceHeaders, requireDataSource } from "./data-sources";
import { listLeafPaths } from "./dotted-path";
import { sameOrigin, storedHeadersFor } from "./header-origin";
import { mergeAuth, openSourceAuth } from "./auth-secrets";
import { FetchAbortedError, SourceFetchError, fetchPage, fetchPages, startUrlOf, type FetchErrorField, type FetchLimits, type SourceRequest } from "./fetch-records";
import { loadTargetContext, prepareRecord } from "./import-targets";
import { mappingSchemaFor } from "./mapping";
import { resolvePagination } from "./data-sources";
import { DEFAULT_IMPORT_LIMITS } from "./run-import";
import { skippedRecord, type SkippedRecord } from "./skipped-record";

// The console's mapping editor: fetch the first page of a draft configuration and show
// the first records as they would be imported, each with its mapped fields or the reason
// it would be skipped. Nothing is written. The draft need not be complete: an invalid or
// missing mapping is reported beside the sample (mappingErrors) so the organiser sees the
// partner's data while still writing the mapping; `paths` lists the source's fields to
// pick from.

export const PREVIEW_RECORDS = 5;
/** "Fetch all pages" reads at most this many pages, within PREVIEW_SECONDS. */
export const PREVIEW_MAX_PAGES = 50;
export const PREVIEW_SECONDS = 20;

export type PreviewRecord = {
  /** Position in the first page (0-based), as a run would report it (shown with recordLabel). */
  index: number;
  /** The partner's record, as received. */
  source: unknown;
  /** Null while the mapping is missing or invalid; a skip as the run history would store it. */
  mapped: { ok: true; value: Record<string, unknown> } | ({ ok: false; excluded?: true } & Omit<SkippedRecord, "index">) | null;
};

export type DataSourcePreview = {
  /** Why the first page could not be read (same wording as a run's fetchError), or null. */
  fetchError: string | null;
  /** The setting fetchError points at ("url" when the URL itself is the cause), or null. */
  fetchErrorField: FetchErrorField | null;
  /** Records on the first page. */
  pageRecordCount: number;
  /** Where the next page would be read from (paging configured and a link found), or null. */
  nextPageUrl: string | null;
  /** Dotted paths of the values found in the sample records. */
  paths: string[];
  /** The INVALID_INPUT details of the mapping (fields keyed "mapping.…"), or null when it is valid. */
  mappingErrors: { fields: Record<string, { code: string; message: string }>; issues: unknown[] } | null;
  records: PreviewRecord[];
};

function jsonSafe(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, field instanceof Date ? field.toISOString() : field]));
}

/** The draft parsed, its saved secrets merged in (same origin only): what a read sends. */
async function draftRequest(orgId: string, draft: PreviewInput | unknown) {
  await assertIntegrationsUnlocked(orgId);
  const parsed = previewInputSchema.safeParse(draft);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const input = parsed.data;

  // A saved source's header values are reused only on the origin they were saved for.
  const saved = input.dataSourceId ? await requireDataSource(orgId, input.dataSourceId) : null;
  const originChanged = saved !== null && !sameOrigin(input.url, saved.url);
  const stored = saved ? storedHeadersFor(input.url, { url: saved.url, headers: openSourceHeaders(saved) }) : {};
  const headers = mergeHeaderRows(input.headers, stored, { originChanged });
  const auth = mergeAuth(input.auth, saved ? { url: saved.url, auth: openSourceAuth(saved) } : null, input.url);
  if (headers.issues.length > 0 || auth.issues.length > 0) throw validationError([...headers.issues, ...auth.issues]);
  // Also the 404 for another organization's event.
  const context = await loadTargetContext(orgId, input.eventId, input.dataSourceId ?? null);
  const paging = resolvePagination(input.pagination, input.nextPagePath)!;
  const request: SourceRequest = {
    url: input.url,
    headers: Object.fromEntries(headers.rows.map((row) => [row.name, row.value])),
    recordsPath: input.recordsPath,
    nextPagePath: paging.nextPagePath,
    pagination: paging.pagination,
    auth: auth.auth!,
    pauseBetweenPagesMs: input.pauseBetweenPagesMs,
  };
  return { input, request, context };
}

/**
 * 402/403/503 while integrations are locked (a preview sends a request on the
 * organization's behalf); 400 for a malformed draft; 404 for another organization's
 * event or data source. Fetch problems are part of the answer, not errors.
 */
export async function previewDataSource(
  orgId: string,
  draft: PreviewInput | unknown,
  options: { limits?: Partial<FetchLimits> } = {},
): Promise<DataSourcePreview> {
  const { input, request, context } = await draftRequest(orgId, draft);

  let mappingErrors: DataSourcePreview["mappingErrors"] = null;
  let mapping = null;
  if (input.mapping !== undefined) {
    const checked = mappingSchemaFor(input.target).safeParse(input.mapping);
    if (checked.success) {
      mapping = checked.data;
    } else {
      const details = validationError(checked.error.issues.map((issue) => ({ ...issue, path: ["mapping", ...issue.path] }))).details;
      mappingErrors = { fields: details?.fields as NonNullable<DataSourcePreview["mappingErrors"]>["fields"], issues: details?.issues as unknown[] };
    }
  }

  const limits = { fetchTimeoutMs: DEFAULT_IMPORT_LIMITS.fetchTimeoutMs, maxBytes: DEFAULT_IMPORT_LIMITS.maxBytes, ...options.limits };
  let page;
  try {
    page = await fetchPage(startUrlOf(request).firstUrl, request, { limits, deadline: Date.now() + PREVIEW_SECONDS * 1000 });
  } catch (error) {
    if (error instanceof SourceFetchError || error instanceof FetchAbortedError) {
      const field = error instanceof SourceFetchError ? error.field : null;
      return { fetchError: error.message, fetchErrorField: field, pageRecordCount: 0, nextPageUrl: null, paths: [], mappingErrors, records: [] };
    }
    throw error;
  }

  const sample = page.records.slice(0, PREVIEW_RECORDS);
  const records: PreviewRecord[] = sample.map((source, index) => {
    if (!mapping) return { index, source, mapped: null };
    const prepared = prepareRecord(input.target, source, mapping, context);
    if (!prepared.ok) {
      const { index: _position, ...skip } = skippedRecord(index, prepared);
      return { index, source, mapped: { ok: false, ...(prepared.excluded ? { excluded: true as const } : {}), ...skip } };
    }
    const value = prepared.record.target === "sessions"
      ? { externalId: prepared.record.externalId, ...prepared.record.fields }
      : { ...prepared.record.fields };
    return { index, source, mapped: { ok: true, value: jsonSafe(value) } };
  });

  return {
    fetchError: page.nextError?.message ?? null,
    fetchErrorField: page.nextError?.field ?? null,
    pageRecordCount: page.records.length,
    nextPageUrl: page.nextUrl,
    paths: listLeafPaths(sample),
    mappingErrors,
    records,
  };
}

export type PageCount = {
  records: number;
  pages: number;
  /** The count stopped at PREVIEW_MAX_PAGES, the run's record limit or PREVIEW_SECONDS. */
  capped: boolean;
  fetchError: string | null;
  fetchErrorField: FetchErrorField | null;
};

/**
 * "Fetch all pages": how many records and pages a run would read, following every page
 * as a run does (capped). Nothing is mapped or written. Same refusals as the preview.
 */
export async function countDataSourcePages(
  orgId: string,
  draft: PreviewInput | unknown,
  options: { limits?: Partial<FetchLimits>; maxPages?: number } = {},
): Promise<PageCount> {
  const { request } = await draftRequest(orgId, draft);
  const limits = { fetchTimeoutMs: DEFAULT_IMPORT_LIMITS.fetchTimeoutMs, maxBytes: DEFAULT_IMPORT_LIMITS.maxBytes, ...options.limits };
  const maxPages = options.maxPages ?? PREVIEW_MAX_PAGES;
  const deadline = Date.now() + PREVIEW_SECONDS * 1000;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PREVIEW_SECONDS * 1000);
  const count: PageCount = { records: 0, pages: 0, capped: false, fetchError: null, fetchErrorField: null };
  try {
    for await (const page of fetchPages(request, { limits, signal: abort.signal, deadline })) {
      count.pages++;
      count.records += page.records.length;
      if (page.nextUrl && (count.pages >= maxPages || count.records >= DEFAULT_IMPORT_LIMITS.maxRecords)) {
        count.capped = true;
        break;
      }
    }
  } catch (error) {
    if (error instanceof FetchAbortedError) count.capped = true;
    else if (error instanceof SourceFetchError) {
      count.fetchError = error.message;
      count.fetchErrorField = error.field;
    } else throw error;
  } finally {
    clearTimeout(timer);
  }
  return count;
}
