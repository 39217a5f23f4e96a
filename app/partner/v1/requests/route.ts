import { requestLogQuery } from "@/lib/partner-api/query-schemas";
import { listOwnRequests } from "@/lib/partner-api/read/requests";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

// Any valid key: its own requests only.
const read = withPartnerKey({ query: requestLogQuery }, async ({ orgId, key, query }) => ({
  body: await listOwnRequests(orgId, key.id, query),
}));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
