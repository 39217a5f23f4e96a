import { updateAttendeeBodySchema } from "@/lib/attendees/attendee-input";
import { updateAttendee } from "@/lib/attendees/update-attendee";
import { getAttendee } from "@/lib/partner-api/read/attendees";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "attendees:read", idParams: ["eventId", "attendeeId"] },
  async ({ orgId, params }) => ({ body: { data: await getAttendee(orgId, params.eventId, params.attendeeId) } }),
);

const update = withPartnerKey(
  { scope: "attendees:write", idParams: ["eventId", "attendeeId"], body: updateAttendeeBodySchema },
  async ({ orgId, params, body }) => {
    const { attendee } = await updateAttendee(orgId, params.eventId, params.attendeeId, body);
    return { body: { data: attendee } };
  },
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, PATCH: update });
