import { sessionListQuery } from "@/lib/partner-api/query-schemas";
import { listSessions } from "@/lib/partner-api/read/programme";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], query: sessionListQuery },
  async ({ orgId, params, query }) => ({ body: await listSessions(orgId, params.eventId, query) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
