import { deliverWebhook } from "./deliver-webhook";
import { runDataSourceImport, scheduleDataSourceImports } from "./imports";
import { pruneWebhooks } from "./prune-webhooks";
import { sweepWebhooks } from "./sweep-webhooks";

/** Every function the app serves at /api/inngest. */
export const functions = [deliverWebhook, sweepWebhooks, pruneWebhooks, runDataSourceImport, scheduleDataSourceImports];
