import { listTracks } from "@/lib/partner-api/read/programme";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey({ scope: "events:read", idParams: ["eventId"] }, async ({ orgId, params }) => ({
  body: await listTracks(orgId, params.eventId),
}));
