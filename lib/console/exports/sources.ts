import { formatBadgeCode } from "@/lib/domain/badges/badge-code";
import { readFormFields } from "@/lib/domain/engagement/form-field-types";
import { listGuests } from "../guest-list";
import { parseKeysetCursor, type KeysetCursor } from "../keyset-cursor";
import { answerValue } from "../form-answer-values";
import { isoUtc, moment, venueTime, yesNo, type Cell } from "./cells";
import { answerPage, checkInPage, feedbackPage, scanPage, type Keyed } from "./engagement-pages";

// What each export holds: its header row(s) and its rows, read a page at a time. Rows are
// produced as they are read; nothing holds more than one page.

export const EXPORT_PAGE_SIZE = 2_000;

export type ExportSource = {
  /** The file name's middle part: `<event-slug>-<part>-YYYY-MM-DD`. */
  filePart: string;
  sheetName: string;
  /** One header row, or two (form answers: labels, then field keys). */
  headers: string[][];
  /** Column widths in characters, for .xlsx. */
  widths: number[];
  pages: () => AsyncIterable<Cell[][]>;
};

type Event = { id: string; slug: string; timezone: string };

async function* keysetPages<T>(read: (after: KeysetCursor | null, limit: number) => Promise<Keyed<T>[]>, cells: (row: T) => Cell[]): AsyncIterable<Cell[][]> {
  let after: KeysetCursor | null = null;
  for (;;) {
    const rows = await read(after, EXPORT_PAGE_SIZE);
    if (rows.length) yield rows.map(cells);
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows[rows.length - 1];
    after = { at: last.at, id: last.key };
  }
}

const venueHeader = (what: string, event: Event) => `${what} (venue time, ${event.timezone})`;

export function guestSource(event: Event, filter: { q?: string; status?: string }): ExportSource {
  return {
    filePart: "guests",
    sheetName: "Guests",
    headers: [[
      "Name", "Email", "Company", "Job title", "Status", "Badge code", "Invited (UTC)",
      venueHeader("Checked in", event), "Checked in (UTC, ISO 8601)", "Created (UTC)", "Updated (UTC)", "Listed in the attendee directory",
    ]],
    widths: [24, 30, 22, 22, 10, 11, 20, 22, 26, 20, 20, 14],
    async *pages() {
      let after: string | undefined;
      do {
        const page = await listGuests(event.id, { ...filter, after }, EXPORT_PAGE_SIZE);
        if (page.rows.length) {
          yield page.rows.map((row) => [
            row.displayName, row.email, row.company, row.jobTitle, row.status, formatBadgeCode(row.badgeCode), moment(row.invitedAt),
            venueTime(row.checkedInAt, event.timezone), isoUtc(row.checkedInAt), moment(row.createdAt), moment(row.updatedAt), yesNo(row.visibleInList),
          ]);
        }
        after = page.next ?? undefined;
      } while (after && parseKeysetCursor(after));
    },
  };
}

export function checkInSource(event: Event): ExportSource {
  return {
    filePart: "check-ins",
    sheetName: "Check-ins",
    headers: [["Name", "Email", "Badge code", venueHeader("Checked in", event), "Checked in (UTC, ISO 8601)"]],
    widths: [24, 30, 11, 22, 26],
    pages: () => keysetPages((after, limit) => checkInPage(event.id, after, limit), (row) => [
      row.displayName, row.email, row.badgeCode, venueTime(row.checkedInAt, event.timezone), isoUtc(row.checkedInAt),
    ]),
  };
}

export function sessionAttendanceSource(event: Event): ExportSource {
  return {
    filePart: "session-attendance",
    sheetName: "Session attendance",
    headers: [["Name", "Email", "Session", venueHeader("Scanned", event), "Scanned (UTC, ISO 8601)"]],
    widths: [24, 30, 36, 22, 26],
    pages: () => keysetPages((after, limit) => scanPage(event.id, after, limit), (row) => [
      row.displayName, row.email, row.sessionTitle, venueTime(row.scannedAt, event.timezone), isoUtc(row.scannedAt),
    ]),
  };
}

export function feedbackSource(event: Event): ExportSource {
  return {
    filePart: "feedback",
    sheetName: "Feedback",
    headers: [["From", "Email", "Kind", "Session", "Rating (1–5)", "Comment", venueHeader("Sent", event), "Sent (UTC, ISO 8601)"]],
    widths: [24, 30, 12, 30, 10, 60, 22, 26],
    pages: () => keysetPages((after, limit) => feedbackPage(event.id, after, limit), (row) => [
      row.displayName ?? "Removed attendee", row.email, row.kind, row.sessionTitle, row.rating, row.comment, venueTime(row.createdAt, event.timezone), isoUtc(row.createdAt),
    ]),
  };
}

/** A file-name-safe form of a form's name: lowercase letters, digits and single dashes. */
export function nameSlug(name: string): string {
  return name.normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "form";
}

export function answerSource(event: Event, form: { id: string; name: string; fields: unknown }): ExportSource {
  const fields = readFormFields(form.fields);
  const fixed = ["Revision", "Submitted (UTC)", "Last changed (UTC)"];
  return {
    filePart: `answers-${nameSlug(form.name)}`,
    sheetName: "Answers",
    // Labels read well and may repeat or change; keys are what the Partner API and webhooks
    // use, so they sit beneath, a second header row.
    headers: [
      ["Name", "Email", ...fields.map((field) => field.label || field.key), ...fixed],
      ["", "", ...fields.map((field) => field.key), "", "", ""],
    ],
    widths: [24, 30, ...fields.map((field) => (field.type === "long_text" ? 50 : 22)), 9, 20, 20],
    pages: () => keysetPages((after, limit) => answerPage(form.id, after, limit), (row) => {
      const given = row.answers && typeof row.answers === "object" && !Array.isArray(row.answers) ? (row.answers as Record<string, unknown>) : {};
      return [
        row.displayName, row.email,
        ...fields.map((field): Cell => {
          const value = answerValue(field.type, given[field.key]);
          if (!value) return null;
          if (value.type === "choices") return value.items.join("; ");
          if (value.type === "yes_no") return yesNo(value.value);
          if (value.type === "number") return value.value;
          if (value.type === "date") return { kind: "date", value: value.value };
          return value.text;
        }),
        row.revision, moment(row.submittedAt), moment(row.updatedAt),
      ];
    }),
  };
}
