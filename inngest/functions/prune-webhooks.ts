import { cron } from "inngest";
import { inngest } from "@/lib/platform/jobs/client";
import { pruneIdempotencyKeys } from "@/lib/partner-api/idempotency/run-idempotent";
import { pruneAuditLog } from "@/lib/domain/audit/prune";
import { pruneDeliveryLog } from "@/lib/domain/webhooks/prune";
import { pruneRequestLog } from "@/lib/domain/request-log/prune";

// Daily: the delivery log is kept 30 days; Idempotency-Keys 24 hours (lookups already
// ignore expired ones, this only reclaims the rows); the Partner API request log 14 days;
// the audit log one year.
export const pruneWebhooks = inngest.createFunction(
  { id: "webhooks-prune", name: "webhooks/prune", triggers: [cron("TZ=UTC 17 3 * * *")], retries: 2 },
  async ({ step }) => {
    const deliveryLog = await step.run("prune", () => pruneDeliveryLog());
    const idempotencyKeys = await step.run("prune-idempotency-keys", () => pruneIdempotencyKeys());
    const requestLog = await step.run("prune-request-log", () => pruneRequestLog());
    const auditLog = await step.run("prune-audit-log", () => pruneAuditLog());
    return { ...deliveryLog, idempotencyKeys, requestLog, ...auditLog };
  },
);
