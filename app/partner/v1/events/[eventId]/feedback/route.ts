import { pageQuery } from "@/lib/partner-api/query-schemas";
import { listFeedback } from "@/lib/partner-api/read/engagement";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId"], query: pageQuery },
  async ({ orgId, params, query }) => ({ body: await listFeedback(orgId, params.eventId, query) }),
);
