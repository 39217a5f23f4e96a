import { updateAttendeeBodySchema } from "@/lib/domain/attendees/attendee-input";
import { updateAttendee } from "@/lib/domain/attendees/update-attendee";
import { attendeeRead } from "@/lib/partner-api/read/attendees";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  {
    scope: "attendees:read",
    idParams: ["eventId", "attendeeId"],
    read: ({ params }) => attendeeRead(params.eventId, params.attendeeId),
  },
  async ({ read }) => ({ body: read }),
);

const update = withPartnerKey(
  { scope: "attendees:write", idParams: ["eventId", "attendeeId"], body: updateAttendeeBodySchema },
  async ({ orgId, params, body }) => {
    // Past the pipeline's lock check: the organization's integrations are unlocked. No audit
    // actor: the audit log is for console and operator changes; a partner's write is traced
    // to its API key, not to a person.
    const { attendee } = await updateAttendee(orgId, params.eventId, params.attendeeId, body, null, { integrationsUnlocked: true });
    return { body: { data: attendee } };
  },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, PATCH: update });
