import { pageQuery } from "@/lib/partner-api/query-schemas";
import { eventCheckRead } from "@/lib/partner-api/read/events";
import { listSpeakers } from "@/lib/partner-api/read/programme";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey(
  { scope: "events:read", idParams: ["eventId"], query: pageQuery, read: ({ params }) => eventCheckRead(params.eventId) },
  async ({ read: event, query }) => ({ body: await listSpeakers(event, query) }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
