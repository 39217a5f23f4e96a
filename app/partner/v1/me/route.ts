import { describeKey } from "@/lib/partner-api/read/me";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

const read = withPartnerKey({}, async ({ key }) => ({ body: { data: describeKey(key) } }));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
