import { updateAttendeeBodySchema } from "@/lib/attendees/attendee-input";
import { updateAttendee } from "@/lib/attendees/update-attendee";
import { getAttendee } from "@/lib/partner-api/read/attendees";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "attendees:read", idParams: ["eventId", "attendeeId"] },
  async ({ orgId, params }) => ({ body: { data: await getAttendee(orgId, params.eventId, params.attendeeId) } }),
);

export const PATCH = withPartnerKey(
  { scope: "attendees:write", idParams: ["eventId", "attendeeId"], body: updateAttendeeBodySchema },
  async ({ orgId, params, body }) => {
    const { attendee } = await updateAttendee(orgId, params.eventId, params.attendeeId, body);
    return { body: { data: attendee } };
  },
);
