import { listForms } from "@/lib/partner-api/read/engagement";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey({ scope: "engagement:read", idParams: ["eventId"] }, async ({ orgId, params }) => ({
  body: await listForms(orgId, params.eventId),
}));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
