import { z } from "zod";
import { OPERATOR } from "@/lib/domain/audit/record";
import { deleteAttendee } from "@/lib/domain/attendees/delete-attendee";
import { validationError } from "@/lib/platform/errors/app-error";
import { checkIn } from "@/lib/domain/engagement/check-in";
import { FEEDBACK_KINDS, createFeedback } from "@/lib/domain/engagement/create-feedback";
import { scanSession } from "@/lib/domain/engagement/scan-session";
import { submitForm } from "@/lib/domain/engagement/submit-form";
import { publishEvent } from "@/lib/domain/events/publish-event";
import { updateEvent } from "@/lib/domain/events/update-event";
import { sessionCore, toAttendee } from "@/lib/domain/resources/projections";
import { createSession } from "@/lib/domain/programme/create-session";
import { deleteSession } from "@/lib/domain/programme/delete-session";
import { SESSION_TYPES } from "@/lib/domain/programme/session-input";
import { updateSession } from "@/lib/domain/programme/update-session";
import { command } from "../command";
import { orgOf } from "../org-of-record";

// Operator commands for the domain operations that emit webhooks: event details, the
// programme, the guest list and the engagement record. Operators name records by id;
// the organization is the record's own, so these commands cannot cross organizations.
// Each change is audited as the operator's (OPERATOR), in the change's transaction.

const integer = z.string().regex(/^-?\d+$/, "Expected a whole number.").transform(Number);
/** For clearing a nullable field from the command line: the literal `null`. */
const orNull = <T extends z.ZodType>(schema: T) => z.union([z.literal("null").transform(() => null), schema]);

function parseJsonFlag(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw validationError([{ code: "custom", path: [name], message: "Expected JSON.", input: value }]);
  }
}

const sessionOut = (session: Parameters<typeof sessionCore>[0]) => sessionCore(session);

export const engagementCommands = {
  checkin: command({
    summary: "--attendee ID (front-desk arrival; a second check-in changes nothing)",
    flags: z.strictObject({ attendee: z.string() }),
    run: async ({ attendee }) => {
      const result = await checkIn(await orgOf("attendee", attendee), attendee, OPERATOR);
      return { checkIn: { attendeeId: attendee, checkedInAt: result.checkedInAt, created: result.created } };
    },
  }),
  scan: command({
    summary: "--session ID --attendee ID (door scan)",
    flags: z.strictObject({ session: z.string(), attendee: z.string() }),
    run: async ({ session, attendee }) => {
      const result = await scanSession(await orgOf("attendee", attendee), { sessionId: session, attendeeId: attendee }, OPERATOR);
      return { attendance: result.attendance, created: result.created };
    },
  }),
  "form:submit": command({
    summary: "--form ID --attendee ID --answers JSON",
    flags: z.strictObject({ form: z.string(), attendee: z.string(), answers: z.string() }),
    run: async ({ form, attendee, answers }) => {
      const result = await submitForm(await orgOf("attendee", attendee), {
        formId: form,
        attendeeId: attendee,
        answers: parseJsonFlag("answers", answers),
      }, OPERATOR);
      return { submission: result.submission, changed: result.changed };
    },
  }),
  "feedback:create": command({
    summary: "--event ID --kind feedback|suggestion|rating|review [--rating N] [--comment C] [--attendee ID] [--session ID]",
    flags: z.strictObject({
      event: z.string(),
      kind: z.enum(FEEDBACK_KINDS),
      rating: integer.optional(),
      comment: z.string().optional(),
      attendee: z.string().optional(),
      session: z.string().optional(),
    }),
    run: async (flags) => {
      const feedback = await createFeedback(await orgOf("event", flags.event), {
        eventId: flags.event,
        kind: flags.kind,
        rating: flags.rating,
        comment: flags.comment,
        attendeeId: flags.attendee,
        sessionId: flags.session,
      }, OPERATOR);
      return { feedback };
    },
  }),
  "event:update": command({
    summary: "--event ID [--name N] [--description D] [--location L] [--timezone Z] [--start ISO] [--end ISO] [--slug S]",
    flags: z.strictObject({
      event: z.string(),
      name: z.string().optional(),
      description: z.string().optional(),
      location: z.string().optional(),
      timezone: z.string().optional(),
      start: z.string().optional(),
      end: z.string().optional(),
      slug: z.string().optional(),
    }),
    run: async (flags) =>
      updateEvent(await orgOf("event", flags.event), flags.event, {
        name: flags.name,
        description: flags.description,
        location: flags.location,
        timezone: flags.timezone,
        startAt: flags.start,
        endAt: flags.end,
        slug: flags.slug,
      }, OPERATOR),
  }),
  "event:publish": command({
    summary: "--event ID (draft → published; publishing a published event changes nothing)",
    flags: z.strictObject({ event: z.string() }),
    run: async ({ event }) => publishEvent(await orgOf("event", event), event, OPERATOR),
  }),
  "session:create": command({
    summary: "--event ID --title T --type T --start ISO --end ISO [--description D] [--track ID] [--room R] [--capacity N]",
    flags: z.strictObject({
      event: z.string(),
      title: z.string(),
      type: z.enum(SESSION_TYPES),
      start: z.string(),
      end: z.string(),
      description: z.string().optional(),
      track: z.string().optional(),
      room: z.string().optional(),
      capacity: integer.optional(),
    }),
    run: async (flags) => {
      const session = await createSession(await orgOf("event", flags.event), flags.event, {
        title: flags.title,
        type: flags.type,
        startAt: flags.start,
        endAt: flags.end,
        description: flags.description,
        trackId: flags.track,
        room: flags.room,
        capacity: flags.capacity,
      }, OPERATOR);
      return { session: sessionOut(session) };
    },
  }),
  "session:update": command({
    summary: "--session ID [--title T] [--type T] [--start ISO] [--end ISO] [--description D] [--track ID|null] [--room R|null] [--capacity N|null]",
    flags: z.strictObject({
      session: z.string(),
      title: z.string().optional(),
      type: z.enum(SESSION_TYPES).optional(),
      start: z.string().optional(),
      end: z.string().optional(),
      description: z.string().optional(),
      track: orNull(z.string()).optional(),
      room: orNull(z.string()).optional(),
      capacity: orNull(integer).optional(),
    }),
    run: async (flags) => {
      const result = await updateSession(await orgOf("session", flags.session), flags.session, {
        title: flags.title,
        type: flags.type,
        startAt: flags.start,
        endAt: flags.end,
        description: flags.description,
        trackId: flags.track,
        room: flags.room,
        capacity: flags.capacity,
      }, OPERATOR);
      return { session: sessionOut(result.session), changed: result.changed };
    },
  }),
  "session:delete": command({
    summary: "--session ID",
    flags: z.strictObject({ session: z.string() }),
    run: async ({ session }) => ({ deleted: sessionOut(await deleteSession(await orgOf("session", session), session, OPERATOR)) }),
  }),
  "attendee:delete": command({
    summary: "--attendee ID (hard delete; records attendee.deleted)",
    flags: z.strictObject({ attendee: z.string() }),
    run: async ({ attendee }) => {
      const { createdAt: _c, updatedAt: _u, ...deleted } = toAttendee(await deleteAttendee(await orgOf("attendee", attendee), attendee, OPERATOR));
      return { deleted };
    },
  }),
};
