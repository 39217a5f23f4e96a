import { z } from "zod";
import { validationError } from "@/lib/platform/errors/app-error";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";

// The request bodies of attendee writes (spec, "POST attendee body" and "PATCH attendee
// body"), defined once: the Partner API validates with them, the domain operations
// validate with them again (imports, console and CLI call those directly), and the
// OpenAPI document is generated from them.
//
// Unknown fields are refused rather than dropped, so a typo ("jobtitle") or a field the
// service owns ("status") surfaces as a 400 naming it instead of a silent no-op.

export const ATTENDEE_TEXT_MAX = 200;
export const EMAIL_MAX = 320;

/** Fields of the Attendee resource that the service assigns; a body may not carry them. */
const SERVICE_ASSIGNED = new Set([
  "id", "eventId", "status", "badgeCode", "visibleInList", "invitedAt", "checkedInAt", "createdAt", "updatedAt",
]);

const displayName = z
  .string({ error: "displayName must be a string." })
  .trim()
  .min(1, "displayName must not be empty.")
  .max(ATTENDEE_TEXT_MAX, `displayName must be at most ${ATTENDEE_TEXT_MAX} characters.`)
  .refine(...refuseControlCharacters("displayName"))
  .describe(`1 to ${ATTENDEE_TEXT_MAX} characters; surrounding whitespace is removed`);

const optionalText = (name: string) =>
  z
    .string({ error: `${name} must be a string or null.` })
    .trim()
    .max(ATTENDEE_TEXT_MAX, `${name} must be at most ${ATTENDEE_TEXT_MAX} characters.`)
    .refine(...refuseControlCharacters(name))
    .nullable()
    .optional()
    .describe(`At most ${ATTENDEE_TEXT_MAX} characters; null or a blank string means none (stored and returned as null)`);

/**
 * zod reports every unknown key in one issue with an empty path, which the error details
 * would only list under `issues`. This check adds one issue per key at that key's path,
 * so `details.fields.<name>` names each refused field; the raw issue stays in `issues`.
 */
function namingRefusedFields<T extends z.ZodObject>(schema: T, accepted: readonly string[], refused: Record<string, string> = {}): T {
  const messageFor = (key: string): string => {
    // Own keys only: a field named "constructor" or "__proto__" must not read Object.prototype.
    if (Object.hasOwn(refused, key)) return refused[key];
    if (SERVICE_ASSIGNED.has(key)) return `${key} is assigned by the service and cannot be set.`;
    return `Unknown field "${key}". Accepted fields: ${accepted.join(", ")}.`;
  };
  return schema.check((ctx) => {
    for (const issue of [...ctx.issues]) {
      if (issue.code !== "unrecognized_keys") continue;
      for (const key of issue.keys) {
        ctx.issues.push({ code: "unrecognized_keys", keys: [key], path: [key], message: messageFor(key), input: ctx.value });
      }
    }
  }) as T;
}

/** An attendee's address as the API accepts it (creation, and the list's email lookup). */
export const attendeeEmailSchema = z
  .email({ error: "email must be an email address (no spaces, ASCII only)." })
  .max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters.`);

const createShape = {
  email: attendeeEmailSchema.describe("Unique within the event, compared case-insensitively; stored as given; immutable"),
  displayName: displayName
    .optional()
    .describe(`1 to ${ATTENDEE_TEXT_MAX} characters, surrounding whitespace removed; defaults to the part of the address before the @`),
  company: optionalText("company"),
  jobTitle: optionalText("jobTitle"),
};

export const createAttendeeBodySchema = namingRefusedFields(z.strictObject(createShape), Object.keys(createShape)).meta({
  id: "CreateAttendeeBody",
  description: "status and badgeCode are assigned by the service; any other field is refused with 400.",
});

const updateShape = {
  displayName: displayName.optional(),
  company: optionalText("company"),
  jobTitle: optionalText("jobTitle"),
};

export const updateAttendeeBodySchema = namingRefusedFields(z.strictObject(updateShape), Object.keys(updateShape), {
  email: "email is immutable: an attendee's address cannot be changed.",
}).meta({
  id: "UpdateAttendeeBody",
  description: "All fields optional; an empty object changes nothing. email and any other field are refused with 400.",
});

export type CreateAttendeeInput = z.output<typeof createAttendeeBodySchema>;
export type UpdateAttendeeInput = z.output<typeof updateAttendeeBodySchema>;

/** The stored form of a new attendee's fields. */
export type NewAttendeeFields = { email: string; displayName: string; company: string | null; jobTitle: string | null };

/** A change: undefined leaves a field as it is, null clears it. */
export type AttendeeChanges = { displayName?: string; company?: string | null; jobTitle?: string | null };

/** Validates with `schema` (throws the spec's INVALID_INPUT AppError), for callers that skip the HTTP wrapper. */
export function parseAttendeeBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
}

/**
 * The default display name: the part of the address before the @, as typed (dots, plus
 * tags and case kept), cut to 200 characters. The accepted address grammar guarantees a
 * non-empty local part of plain ASCII.
 */
export function defaultDisplayName(email: string): string {
  const at = email.lastIndexOf("@");
  const local = (at > 0 ? email.slice(0, at) : email).trim();
  return local.slice(0, ATTENDEE_TEXT_MAX);
}

/** A blank company or job title means "none": stored as null, so there is one way to say it. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return typeof value === "string" && value.trim() === "" ? null : value;
}

export function newAttendeeFields(input: CreateAttendeeInput): NewAttendeeFields {
  return {
    email: input.email,
    displayName: input.displayName ?? defaultDisplayName(input.email),
    company: blankToNull(input.company) ?? null,
    jobTitle: blankToNull(input.jobTitle) ?? null,
  };
}

/** Only the keys the caller sent; the importer's create-or-update passes its mapped fields here too. */
export function attendeeChanges(input: UpdateAttendeeInput): AttendeeChanges {
  const changes: AttendeeChanges = {};
  if (input.displayName !== undefined) changes.displayName = input.displayName;
  if (input.company !== undefined) changes.company = blankToNull(input.company);
  if (input.jobTitle !== undefined) changes.jobTitle = blankToNull(input.jobTitle);
  return changes;
}
