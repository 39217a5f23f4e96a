import { z } from "zod";
import { OPERATOR } from "@/lib/domain/audit/record";
import { restoreAttendee, revokeAttendee } from "@/lib/domain/attendees/set-attendee-status";
import { getDb } from "@/lib/platform/db/client";
import { setFormStatus } from "@/lib/domain/engagement/set-form-status";
import { archiveEvent } from "@/lib/domain/events/archive-event";
import { createEvent } from "@/lib/domain/events/create-event";
import { command } from "../command";
import { orgOf } from "../org-of-record";

// The status changes the console offers, for operators and scripts: the same operations,
// so the same state tables (lib/domain/transitions/state-tables.ts), the same webhooks and
// the same audit entries, with the operator as the actor.

export const transitionCommands = {
  "event:create": command({
    summary: "--org ID --name N --slug S --timezone Z --start ISO --end ISO [--location L] (a draft; records event.updated)",
    flags: z.strictObject({ org: z.uuid(), name: z.string(), slug: z.string(), timezone: z.string(), start: z.string(), end: z.string(), location: z.string().optional() }),
    run: async (flags) => ({
      event: await createEvent(flags.org, { name: flags.name, slug: flags.slug, timezone: flags.timezone, startAt: flags.start, endAt: flags.end, location: flags.location }, OPERATOR),
    }),
  }),
  "event:archive": command({
    summary: "--event ID (draft or published → archived, final; records event.updated)",
    flags: z.strictObject({ event: z.string() }),
    run: async ({ event }) => archiveEvent(await orgOf("event", event), event, OPERATOR),
  }),
  "attendee:revoke": command({
    summary: "--attendee ID (→ revoked; records attendee.updated)",
    flags: z.strictObject({ attendee: z.string() }),
    run: async ({ attendee }) => {
      const row = await attendeeEvent(attendee);
      return revokeAttendee(row.orgId, row.eventId, attendee, OPERATOR);
    },
  }),
  "attendee:restore": command({
    summary: "--attendee ID (revoked → active if a user claimed the badge, else invited; records attendee.updated)",
    flags: z.strictObject({ attendee: z.string() }),
    run: async ({ attendee }) => {
      const row = await attendeeEvent(attendee);
      return restoreAttendee(row.orgId, row.eventId, attendee, OPERATOR);
    },
  }),
  "form:open": command({
    summary: "--form ID (draft or closed → open)",
    flags: z.strictObject({ form: z.string() }),
    run: async ({ form }) => setFormStatus(await orgOf("form", form), form, "open", OPERATOR),
  }),
  "form:close": command({
    summary: "--form ID (open → closed)",
    flags: z.strictObject({ form: z.string() }),
    run: async ({ form }) => setFormStatus(await orgOf("form", form), form, "closed", OPERATOR),
  }),
};

async function attendeeEvent(attendeeId: string): Promise<{ orgId: string; eventId: string }> {
  const orgId = await orgOf("attendee", attendeeId);
  const { eventId } = await getDb().attendee.findUniqueOrThrow({ where: { id: attendeeId }, select: { eventId: true } });
  return { orgId, eventId };
}
