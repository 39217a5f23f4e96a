import { sessionListQuery } from "@/lib/partner-api/query-schemas";
import { listSessions } from "@/lib/partner-api/read/programme";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], query: sessionListQuery },
  async ({ orgId, params, query }) => ({ body: await listSessions(orgId, params.eventId, query) }),
);
