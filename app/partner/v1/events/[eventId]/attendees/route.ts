import { attendeeListQuery } from "@/lib/partner-api/query-schemas";
import { listAttendees } from "@/lib/partner-api/read/attendees";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "attendees:read", idParams: ["eventId"], query: attendeeListQuery },
  async ({ orgId, params, query }) => ({ body: await listAttendees(orgId, params.eventId, query) }),
);
