import { eventRead } from "@/lib/partner-api/read/events";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], read: ({ params }) => eventRead(params.eventId) },
  async ({ read }) => ({ body: read }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
