import { z } from "zod";
import { seedDemoData } from "@/lib/domain/seed/demo-seed";
import { prepareDemoWorkspace } from "@/lib/domain/seed/demo-workspace";
import { command } from "../command";

const count = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, "Expected a whole number.")
    .transform(Number)
    .pipe(z.number().int().max(max));

export const demoCommands = {
  "demo:seed": command({
    summary: "--org ID [--events 3] [--attendees 250] [--seed N]  (attendees of the first, published event)",
    flags: z.strictObject({
      org: z.string(),
      events: count(50).pipe(z.number().min(1)).optional(),
      attendees: count(500_000).optional(),
      seed: count(2 ** 31 - 1).optional(),
    }),
    run: async (flags) => {
      const result = await seedDemoData(flags.org, {
        events: flags.events,
        attendees: flags.attendees,
        seed: flags.seed,
      });
      return { seeded: result };
    },
  }),
  "demo:workspace": command({
    summary: "Create (once) the demo organization, admin and data; print a fresh demo API key",
    flags: z.strictObject({}),
    run: async () => {
      const workspace = await prepareDemoWorkspace();
      return {
        demo: {
          orgId: workspace.orgId,
          created: workspace.created,
          admin: workspace.admin,
          apiKey: workspace.apiKey,
          ...(workspace.apiKeyError ? { apiKeyError: workspace.apiKeyError } : {}),
        },
      };
    },
  }),
};
