import { z } from "zod";
import { refuseControlCharacters } from "@/lib/platform/text/control-characters";

// Input rules for event details, shared by updateEvent, the console form and the CLI.

/** An ISO-8601 date-time with an offset or Z (or a Date), as a Date. */
export const dateTimeInputSchema = z.union([
  z.date(),
  z.iso.datetime({ offset: true, message: "Use an ISO-8601 date-time such as 2027-03-01T09:00:00Z." }).transform((value) => new Date(value)),
]);

/** Canonical IANA name of a zone Intl knows (`europe/amsterdam` → `Europe/Amsterdam`), or null. */
export function canonicalTimeZone(value: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: "Use an IANA time zone name such as Europe/Amsterdam." });
      return z.NEVER;
    }
    return zone;
  });

export const EVENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const updateEventSchema = z.strictObject({
  name: z.string().trim().min(1, "Give the event a name.").max(200).refine(...refuseControlCharacters("name")).optional(),
  description: z.string().max(20_000).refine(...refuseControlCharacters("description", { multiline: true })).optional(),
  location: z.string().trim().max(500).refine(...refuseControlCharacters("location")).optional(),
  timezone: timeZoneSchema.optional(),
  startAt: dateTimeInputSchema.optional(),
  endAt: dateTimeInputSchema.optional(),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(EVENT_SLUG_PATTERN, "Use lowercase letters, digits and single dashes (for example spring-summit-2027).")
    .optional(),
});

export type UpdateEventInput = z.input<typeof updateEventSchema>;

/** A new event: the same field rules as a change, with the identity and dates required. */
export const createEventSchema = updateEventSchema.required({
  name: true,
  slug: true,
  timezone: true,
  startAt: true,
  endAt: true,
});

export type CreateEventInput = z.input<typeof createEventSchema>;

/** The slug a name suggests: "Spring Summit 2027" → "spring-summit-2027" (accents dropped, at most 100 characters). */
export function suggestEventSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 100)
    .replace(/^-+|-+$/g, "");
}
