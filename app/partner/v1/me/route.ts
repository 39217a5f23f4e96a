import { describeKey } from "@/lib/partner-api/read/me";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

export const GET = withPartnerKey({}, async ({ key }) => ({ body: { data: describeKey(key) } }));
