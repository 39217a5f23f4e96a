import { eventListQuery } from "@/lib/partner-api/query-schemas";
import { listEvents } from "@/lib/partner-api/read/events";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey({ scope: "events:read", query: eventListQuery }, async ({ orgId, query }) => ({
  body: await listEvents(orgId, query),
}));
