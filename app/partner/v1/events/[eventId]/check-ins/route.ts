import { pageQuery } from "@/lib/partner-api/query-schemas";
import { listCheckIns } from "@/lib/partner-api/read/engagement";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId"], query: pageQuery },
  async ({ orgId, params, query }) => ({ body: await listCheckIns(orgId, params.eventId, query) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
