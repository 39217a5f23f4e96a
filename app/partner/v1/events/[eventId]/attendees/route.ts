import { createAttendeeBodySchema } from "@/lib/attendees/attendee-input";
import { createAttendee } from "@/lib/attendees/create-attendee";
import { attendeeListQuery } from "@/lib/partner-api/query-schemas";
import { listAttendees } from "@/lib/partner-api/read/attendees";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "attendees:read", idParams: ["eventId"], query: attendeeListQuery },
  async ({ orgId, params, query }) => ({ body: await listAttendees(orgId, params.eventId, query) }),
);

const create = withPartnerKey(
  { scope: "attendees:write", idParams: ["eventId"], body: createAttendeeBodySchema },
  async ({ orgId, params, body }) => ({ status: 201, body: { data: await createAttendee(orgId, params.eventId, body) } }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, POST: create });
