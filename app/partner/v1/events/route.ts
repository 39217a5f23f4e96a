import { eventListQuery } from "@/lib/partner-api/query-schemas";
import { listEvents } from "@/lib/partner-api/read/events";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey({ scope: "events:read", query: eventListQuery }, async ({ orgId, query }) => ({
  body: await listEvents(orgId, query),
}));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
