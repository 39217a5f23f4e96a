import { z } from "zod";
import { listAuditEntries } from "@/lib/domain/audit/list-entries";
import { pruneAuditLog } from "@/lib/domain/audit/prune";
import { getOrganizationOrThrow } from "@/lib/domain/orgs/organizations";
import { command } from "../command";

const positiveInt = z.string().regex(/^\d+$/, "Expected a whole number.").transform(Number).pipe(z.number().int().min(1).max(500));

export const auditCommands = {
  "audit:list": command({
    summary: "--org ID [--action X] [--limit N] (the audit log, newest first; at most 500, default 50)",
    flags: z.strictObject({ org: z.string(), action: z.string().optional(), limit: positiveInt.optional() }),
    run: async ({ org, action, limit }) => {
      await getOrganizationOrThrow(org);
      const { entries } = await listAuditEntries(org, { action, limit });
      return { entries };
    },
  }),
  "audit:prune": command({
    summary: "Delete audit entries older than one year",
    flags: z.strictObject({}),
    run: async () => ({ pruned: await pruneAuditLog() }),
  }),
};
