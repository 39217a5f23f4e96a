import type { z } from "zod";

/** One operator command: its flags (all strings on the command line) and what it does. */
export type Command<S extends z.ZodType = z.ZodType> = {
  summary: string;
  flags: S;
  run: (flags: z.output<S>) => Promise<Record<string, unknown>>;
};

export function command<S extends z.ZodType>(definition: Command<S>): Command {
  return definition as unknown as Command;
}
