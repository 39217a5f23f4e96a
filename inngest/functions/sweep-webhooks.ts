import { cron } from "inngest";
import { inngest } from "@/lib/platform/jobs/client";
import { runDueDeliveries } from "@/lib/domain/webhooks/run-due";

// Every minute: fan out undispatched outbox rows and attempt every due delivery. This is
// what delivers when sending the Inngest event after a commit failed or was skipped, and
// what resumes deliveries postponed while integrations were locked.
export const sweepWebhooks = inngest.createFunction(
  {
    id: "webhooks-sweep",
    name: "webhooks/sweep",
    triggers: [cron("* * * * *")],
    // One sweep at a time; leases would keep overlapping sweeps safe, this keeps them cheap.
    concurrency: { limit: 1 },
    retries: 0,
  },
  async ({ step }) => step.run("run-due", () => runDueDeliveries({ budgetMs: 45_000 })),
);
