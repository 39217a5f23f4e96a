import { getEvent } from "@/lib/partner-api/read/events";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey({ scope: "events:read", idParams: ["eventId"] }, async ({ orgId, params }) => ({
  body: { data: await getEvent(orgId, params.eventId) },
}));
