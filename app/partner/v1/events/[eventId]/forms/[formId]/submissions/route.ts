import { pageQuery } from "@/lib/partner-api/query-schemas";
import { listFormSubmissions } from "@/lib/partner-api/read/engagement";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId", "formId"], query: pageQuery },
  async ({ orgId, params, query }) => ({
    body: await listFormSubmissions(orgId, params.eventId, params.formId, query),
  }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
