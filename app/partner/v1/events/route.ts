import { eventListQuery } from "@/lib/partner-api/query-schemas";
import { eventListRead } from "@/lib/partner-api/read/events";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "events:read", query: eventListQuery, read: ({ query }) => eventListRead(query) },
  async ({ read }) => ({ body: read }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
