import { listForms } from "@/lib/partner-api/read/engagement";
import { eventCheckRead } from "@/lib/partner-api/read/events";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId"], read: ({ params }) => eventCheckRead(params.eventId) },
  async ({ read: event }) => ({ body: await listForms(event) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
