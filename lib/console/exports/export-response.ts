import { Readable } from "node:stream";
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/session";
import { recordAudit } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";
import { findMembership } from "../guard";
import { findOrgEvent } from "../event-workspace";
import { ATTENDEE_STATUSES } from "../guest-list";
import { CSV_BOM, csvRecord } from "./csv";
import { answerSource, checkInSource, feedbackSource, guestSource, sessionAttendanceSource, type ExportSource } from "./sources";
import { xlsxStream } from "./xlsx";

// GET /console/<org>/events/<event>/exports/<list>?format=csv|xlsx[&q=&status=][&form=<id>]:
// one list of one event as a file, streamed as it is read. Admins and members may export;
// door staff are refused (403) as they are on every page but the guest list; anyone who is
// not a member of the organization, or names another organization's event or form, gets
// 404 and learns nothing. Every export is an audit entry, written when the file has been
// handed over in full (or, cut short, with the rows sent so far).

export const EXPORT_LISTS = ["guests", "check-ins", "session-attendance", "feedback", "answers"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;

const CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

const querySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "format must be csv or xlsx." }),
  q: z.string().max(200, "q (the search) is at most 200 characters.").optional(),
  status: z.union([z.enum(ATTENDEE_STATUSES), z.literal("")], { error: `status must be one of ${ATTENDEE_STATUSES.join(", ")}.` }).optional(),
  form: z.uuid({ error: "form must be the id of one of this event's forms." }).optional(),
});

function problem(status: number, code: string, message: string, field?: string): Response {
  return Response.json({ error: { code, message, ...(field ? { field } : {}) } }, { status, headers: { "cache-control": "private, no-store" } });
}

/** `<event-slug>-<part>-YYYY-MM-DD.<ext>`: only letters, digits, dashes and the dot. */
export function exportFileName(eventSlug: string, part: string, format: string, now: Date = new Date()): string {
  const safe = `${eventSlug}-${part}`.replace(/[^A-Za-z0-9-]+/g, "-").replace(/-+/g, "-").replace(/^-|-$/g, "");
  return `${safe}-${now.toISOString().slice(0, 10)}.${format}`;
}

type Params = { orgId: string; eventId: string; list: string };

export async function exportResponse(request: Request, params: Params): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return problem(401, "UNAUTHENTICATED", "Sign in to export.");
  const membership = await findMembership(params.orgId, user.id);
  if (!membership) return problem(404, "NOT_FOUND", "No such event.");
  const event = await findOrgEvent(params.orgId, params.eventId);
  if (!event) return problem(404, "NOT_FOUND", "No such event.");
  if (membership.role === "door_staff") return problem(403, "FORBIDDEN", "Door staff cannot export. Ask an admin or member of this organization.");
  if (!(EXPORT_LISTS as readonly string[]).includes(params.list)) return problem(404, "NOT_FOUND", "No such list.");
  const list = params.list as ExportList;

  const url = new URL(request.url);
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return problem(400, "VALIDATION_FAILED", issue.message, String(issue.path[0] ?? ""));
  }
  const { format, q, status, form: formId } = parsed.data;
  const filters = list === "guests" ? { q: q?.trim() || undefined, status: status || undefined } : {};

  let source: ExportSource;
  let formLabel: { id: string; name: string } | undefined;
  if (list === "answers") {
    if (!formId) return problem(400, "VALIDATION_FAILED", "form must be the id of one of this event's forms.", "form");
    const form = await getDb().form.findFirst({ where: { id: formId, eventId: event.id }, select: { id: true, name: true, fields: true } });
    if (!form) return problem(404, "NOT_FOUND", "No such form.");
    formLabel = { id: form.id, name: form.name };
    source = answerSource(event, form);
  } else {
    source = list === "guests" ? guestSource(event, filters)
      : list === "check-ins" ? checkInSource(event)
      : list === "session-attendance" ? sessionAttendanceSource(event)
      : feedbackSource(event);
  }

  let rows = 0;
  let recorded = false;
  const record = async (complete: boolean) => {
    if (recorded) return;
    recorded = true;
    await getDb().$transaction(
      (tx) => recordAudit(tx, params.orgId, { type: "user", userId: user.id, email: user.email }, {
        action: "event.exported",
        target: { type: "event", id: event.id, label: event.name },
        summary: { list, format, rows, ...(complete ? {} : { complete: false }), ...filters, ...(formLabel ? { form: formLabel.name } : {}) },
      }),
      WRITE_TRANSACTION,
    );
  };

  const chunks = format === "csv" ? csvChunks(source, (count) => (rows += count)) : xlsxChunks(source, (count) => (rows += count));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          await record(true);
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        await record(false).catch(() => undefined);
      }
    },
    async cancel() {
      await chunks.return(undefined);
      await record(false);
    },
  }, { highWaterMark: 0 });

  const fileName = exportFileName(event.slug, source.filePart, format);
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": CONTENT_TYPES[format],
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

const encoder = new TextEncoder();

async function* csvChunks(source: ExportSource, onRows: (count: number) => void): AsyncGenerator<Uint8Array, void, undefined> {
  yield encoder.encode(CSV_BOM + source.headers.map(csvRecord).join(""));
  for await (const page of source.pages()) {
    const text = page.map(csvRecord).join("");
    onRows(page.length);
    yield encoder.encode(text);
  }
}

async function* xlsxChunks(source: ExportSource, onRows: (count: number) => void): AsyncGenerator<Uint8Array, void, undefined> {
  const { output, done } = xlsxStream(source, onRows);
  try {
    for await (const chunk of output as Readable) yield chunk as Uint8Array;
    await done;
  } finally {
    if (!output.destroyed) output.destroy();
  }
}
