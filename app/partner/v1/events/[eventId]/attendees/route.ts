import { createAttendeeBodySchema } from "@/lib/domain/attendees/attendee-input";
import { createAttendeeIdempotently } from "@/lib/partner-api/idempotency/create-attendee-idempotently";
import { attendeeListQuery } from "@/lib/partner-api/query-schemas";
import { attendeePageRead } from "@/lib/partner-api/read/attendees";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  {
    scope: "attendees:read",
    idParams: ["eventId"],
    query: attendeeListQuery,
    read: ({ params, query }) => attendeePageRead(params.eventId, query),
  },
  async ({ read }) => ({ body: read }),
);

const create = withPartnerKey(
  { scope: "attendees:write", idParams: ["eventId"], body: createAttendeeBodySchema },
  async ({ orgId, params, body, request }) => createAttendeeIdempotently(orgId, params.eventId, body, request.headers),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, POST: create });
