import { sessionAttendanceQuery } from "@/lib/partner-api/query-schemas";
import { listSessionAttendance } from "@/lib/partner-api/read/engagement";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey(
  { scope: "engagement:read", idParams: ["eventId"], query: sessionAttendanceQuery },
  async ({ orgId, params, query }) => ({ body: await listSessionAttendance(orgId, params.eventId, query) }),
);
