import { eventCheckRead } from "@/lib/partner-api/read/events";
import { listRooms } from "@/lib/partner-api/read/programme";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], read: ({ params }) => eventCheckRead(params.eventId) },
  async ({ read: event }) => ({ body: await listRooms(event) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
