import { getAttendee } from "@/lib/partner-api/read/attendees";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "attendees:read", idParams: ["eventId", "attendeeId"] },
  async ({ orgId, params }) => ({ body: { data: await getAttendee(orgId, params.eventId, params.attendeeId) } }),
);
