import { AppError } from "@/lib/platform/errors/app-error";

// The one place the status transitions of events, attendees and forms are decided (the
// spec leaves them "not shown"). Every operation that changes a status asks
// assertTransition before writing; docs/console.md's "State tables" mirrors these
// tables. A transition missing from a table is refused with 409 CONFLICT, reason
// invalid_transition, and writes nothing.

export type EventStatus = "draft" | "published" | "archived";
export type AttendeeStatus = "invited" | "active" | "revoked";
export type FormStatus = "draft" | "open" | "closed";

type Table<S extends string> = Readonly<Record<S, readonly S[]>>;

// Archived is final: partners may have acted on an archived event's final state, and
// every write under it already answers 409 event_archived. A published event does not go
// back to draft: keys have read it and attendees may have seen it.
export const EVENT_TRANSITIONS: Table<EventStatus> = {
  draft: ["published", "archived"],
  published: ["archived"],
  archived: [],
};

// invited → active happens when the attendee signs in (attendee app, not this product).
// Revoking keeps the row (check-in, answers, feedback stay attributable); restoring
// returns the attendee to the status the sign-in history implies: active when a user has
// claimed the badge, invited otherwise (see restoredAttendeeStatus).
export const ATTENDEE_TRANSITIONS: Table<AttendeeStatus> = {
  invited: ["active", "revoked"],
  active: ["revoked"],
  revoked: ["invited", "active"],
};

// A closed form can be opened again (a survey re-run after a fix); a form never returns
// to draft once it has been open, because answers may exist.
export const FORM_TRANSITIONS: Table<FormStatus> = {
  draft: ["open"],
  open: ["closed"],
  closed: ["open"],
};

const TABLES = { event: EVENT_TRANSITIONS, attendee: ATTENDEE_TRANSITIONS, form: FORM_TRANSITIONS } as const;
type Kind = keyof typeof TABLES;
type StatusOf<K extends Kind> = K extends "event" ? EventStatus : K extends "attendee" ? AttendeeStatus : FormStatus;

// `from` is read from a row (typed string by raw SQL); a value outside the table moves nowhere.
export function canTransition<K extends Kind>(kind: K, from: string, to: StatusOf<K>): boolean {
  const table = TABLES[kind] as Readonly<Record<string, readonly string[] | undefined>>;
  return Object.hasOwn(table, from) && (table[from]?.includes(to) ?? false);
}

/** Throws 409 CONFLICT (reason invalid_transition, with from and to) when the table has no such move. */
export function assertTransition<K extends Kind>(kind: K, from: string, to: StatusOf<K>): void {
  if (canTransition(kind, from, to)) return;
  throw new AppError("CONFLICT", `A ${from} ${kind} cannot become ${to}.`, { reason: "invalid_transition", from, to });
}

export function restoredAttendeeStatus(attendee: { userId: string | null }): AttendeeStatus {
  return attendee.userId ? "active" : "invited";
}
