import { listForms } from "@/lib/partner-api/read/engagement";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey({ scope: "engagement:read", idParams: ["eventId"] }, async ({ orgId, params }) => ({
  body: await listForms(orgId, params.eventId),
}));
