import { pageQuery } from "@/lib/partner-api/query-schemas";
import { listFormSubmissions } from "@/lib/partner-api/read/engagement";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId", "formId"], query: pageQuery },
  async ({ orgId, params, query }) => ({
    body: await listFormSubmissions(orgId, params.eventId, params.formId, query),
  }),
);
