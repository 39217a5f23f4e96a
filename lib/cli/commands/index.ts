import type { Command } from "../command";
import { accountCommands } from "./accounts";
import { auditCommands } from "./audit";
import { demoCommands } from "./demo";
import { engagementCommands } from "./engagement";
import { importCommands } from "./imports";
import { organizationCommands } from "./organizations";
import { requestLogCommands } from "./request-log";
import { transitionCommands } from "./transitions";
import { webhookCommands } from "./webhooks";

// Each capability keeps its commands in its own file; this is the whole table.
export const commands: Record<string, Command> = {
  ...organizationCommands,
  ...requestLogCommands,
  ...accountCommands,
  ...demoCommands,
  ...webhookCommands,
  ...engagementCommands,
  ...importCommands,
  ...transitionCommands,
  ...auditCommands,
};
