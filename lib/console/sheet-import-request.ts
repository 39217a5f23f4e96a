import { z } from "zod";
import { getSessionUser } from "@/lib/auth/session";
import { previewSheetImport, runSheetImport, readGuestSheet, type SheetImportResult } from "@/lib/domain/imports/sheet-import";
import { suggestSheetMapping } from "@/lib/domain/imports/sheet-suggest";
import { MAX_SHEET_BYTES } from "@/lib/domain/imports/sheet-read";
import { getDb } from "@/lib/platform/db/client";
import { AppError, ERROR_STATUS } from "@/lib/platform/errors/app-error";
import { logger } from "@/lib/platform/observability/logger";
import { ADMIN_REQUIRED_MESSAGE, findMembership } from "./guard";

// The console's spreadsheet-import endpoint (admins): one multipart POST per step, the
// file sent each time (nothing is kept on the server between steps: see docs/console.md).
//   step=columns  the file's columns, sheets and a suggested mapping
//   step=preview  what the import would do (nothing written)
//   step=run      the import
// Fields: file (the upload), step, mapping (JSON, for preview and run), sheet (optional).
// Answers JSON: { ok: true, data } or { ok: false, code, message, reason?, fields? } with
// the error's status; another organization's event or no membership is a 404, a member
// who is not an admin a 403, no session a 401. A body over the file limit is refused from
// its Content-Length before it is read.

/** Room for the multipart envelope and the mapping around a file at the limit. */
const BODY_SLACK_BYTES = 256 * 1024;

const stepSchema = z.enum(["columns", "preview", "run"], { error: "step is columns, preview or run." });

type Failure = { ok: false; code: string; message: string; reason?: string; fields?: Record<string, string> };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "private, no-store" } });
}

function failure(error: AppError): Response {
  const fields = error.details?.fields as Record<string, { message: string }> | undefined;
  const body: Failure = {
    ok: false,
    code: error.code,
    message: error.code === "INVALID_INPUT" && fields ? Object.values(fields)[0]?.message ?? error.message : error.message,
    ...(error.details?.reason ? { reason: error.details.reason } : {}),
    ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.message])) } : {}),
  };
  return json(body, ERROR_STATUS[error.code]);
}

export type SheetColumns = { columns: string[]; headers: string[]; sheetNames: string[]; sheet: string | null; rows: number; suggestion: ReturnType<typeof suggestSheetMapping> };

async function handle(request: Request, params: { orgId: string; eventId: string }): Promise<SheetColumns | SheetImportResult> {
  const user = await getSessionUser();
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in to import guests.");
  const membership = await findMembership(params.orgId, user.id);
  if (!membership) throw new AppError("NOT_FOUND", "No such event.");
  if (membership.role !== "admin") throw new AppError("FORBIDDEN", ADMIN_REQUIRED_MESSAGE, { reason: "admin_required" });

  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_SHEET_BYTES + BODY_SLACK_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the ${MAX_SHEET_BYTES / 1024 / 1024} MB limit. Split it into smaller files.`);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new AppError("INVALID_INPUT", "Send the file as a multipart form upload.");
  }
  const step = stepSchema.safeParse(form.get("step"));
  if (!step.success) throw new AppError("INVALID_INPUT", "step is columns, preview or run.");
  const file = form.get("file");
  if (!(file instanceof File)) throw fieldError("file", "Choose a CSV or .xlsx file.");
  const bytes = Buffer.from(await file.arrayBuffer());
  const sheet = typeof form.get("sheet") === "string" && form.get("sheet") !== "" ? String(form.get("sheet")) : undefined;
  const options = { fileName: file.name, sheet };

  if (step.data === "columns") {
    // The event is checked first, as for the other steps: another organization's is a 404.
    const event = await membershipEvent(params.orgId, params.eventId);
    if (!event) throw new AppError("NOT_FOUND", "No such event.");
    const read = await readGuestSheet(bytes, options);
    return { columns: read.columns, headers: read.headers, sheetNames: read.sheetNames, sheet: read.sheet, rows: read.rows.length, suggestion: suggestSheetMapping(read.columns) };
  }
  let mapping: unknown;
  try {
    mapping = JSON.parse(String(form.get("mapping") ?? ""));
  } catch {
    throw fieldError("mapping", "Map the columns first: the mapping is missing or not JSON.");
  }
  if (step.data === "preview") return previewSheetImport(params.orgId, params.eventId, bytes, mapping, options);
  const result = await runSheetImport(params.orgId, params.eventId, bytes, mapping, options);
  logger.info({ orgId: params.orgId, eventId: params.eventId, userId: user.id, counts: result.counts }, "spreadsheet import");
  return result;
}

async function membershipEvent(orgId: string, eventId: string) {
  if (!z.uuid().safeParse(eventId).success) return null;
  return getDb().event.findFirst({ where: { id: eventId, orgId }, select: { id: true } });
}

function fieldError(field: string, message: string): AppError {
  return new AppError("INVALID_INPUT", message, { fields: { [field]: { code: "invalid", message } } });
}

export async function sheetImportResponse(request: Request, params: { orgId: string; eventId: string }): Promise<Response> {
  try {
    return json({ ok: true, data: await handle(request, params) });
  } catch (error) {
    if (error instanceof AppError) return failure(error);
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "spreadsheet import failed");
    return failure(new AppError("INTERNAL", "The import could not be completed. Nothing was lost; try again."));
  }
}
