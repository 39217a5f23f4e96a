import { pageQuery } from "@/lib/partner-api/query-schemas";
import { listSpeakers } from "@/lib/partner-api/read/programme";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], query: pageQuery },
  async ({ orgId, params, query }) => ({ body: await listSpeakers(orgId, params.eventId, query) }),
);
