import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { pruneDeliveryLog } from "@/lib/webhooks/prune";

// Daily: the delivery log is kept 30 days.
export const pruneWebhooks = inngest.createFunction(
  { id: "webhooks-prune", name: "webhooks/prune", triggers: [cron("TZ=UTC 17 3 * * *")], retries: 2 },
  async ({ step }) => step.run("prune", () => pruneDeliveryLog()),
);
