import { eventType } from "inngest";
import { z } from "zod";

/** Starts one `imports/run` (inngest/functions/imports.ts) for a data source. */
export const importRunRequested = eventType("imports/run.requested", {
  schema: z.object({ dataSourceId: z.string(), trigger: z.enum(["manual", "schedule"]) }),
});
