import { webhookEventFeedQuery } from "@/lib/partner-api/query-schemas";
import { listWebhookEvents } from "@/lib/partner-api/read/webhook-events";
import { routeMethods } from "@/lib/partner-api/route-methods";
import { withPartnerKey } from "@/lib/partner-api/with-partner-key";

// Any valid key: the items are filtered by the key's scopes, never refused.
const read = withPartnerKey({ query: webhookEventFeedQuery }, async ({ orgId, key, query }) => ({
  body: await listWebhookEvents(orgId, key.scopes, query),
}));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
