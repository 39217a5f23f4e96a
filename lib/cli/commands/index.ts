import type { Command } from "../command";
import { demoCommands } from "./demo";
import { organizationCommands } from "./organizations";

// Each capability keeps its commands in its own file; this is the whole table.
export const commands: Record<string, Command> = {
  ...organizationCommands,
  ...demoCommands,
};
