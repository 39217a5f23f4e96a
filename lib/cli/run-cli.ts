import { z } from "zod";
import { ConfigError, operatorConfigProblems } from "@/lib/platform/config/env";
import { disconnectDb } from "@/lib/platform/db/client";
import { ensureDatabaseUrl } from "@/lib/platform/db/embedded";
import { AppError, validationError } from "@/lib/platform/errors/app-error";
import { commands } from "./commands";

// `npm run ops -- <command> [--flag value]...`: one JSON object on stdout and exit 0, or
// `{ "error": { code, message, details? } }` on stderr and exit 1.

type Output = { stdout: (text: string) => void; stderr: (text: string) => void };

/** Flags that take no value: present means "true". */
const SWITCHES = new Set(["dry-run"]);

export function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) throw new AppError("INVALID_INPUT", `Unexpected argument "${arg}": flags look like --name value.`);
    if (SWITCHES.has(arg.slice(2))) {
      flags[arg.slice(2)] = "true";
      continue;
    }
    const eq = arg.indexOf("=");
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else {
      const value = args[i + 1];
      if (value === undefined || value.startsWith("--")) throw new AppError("INVALID_INPUT", `Flag ${arg} needs a value.`);
      flags[arg.slice(2)] = value;
      i++;
    }
  }
  return flags;
}

function usage(): string {
  const lines = Object.entries(commands).map(([name, cmd]) => `  ${name.padEnd(24)} ${cmd.summary}`);
  return `Commands:\n${lines.join("\n")}`;
}

export async function runCli(argv: string[], out: Output): Promise<number> {
  const [name, ...rest] = argv;
  const cmd = name ? commands[name] : undefined;
  try {
    if (!cmd) {
      throw new AppError("INVALID_INPUT", name ? `Unknown command "${name}".\n${usage()}` : usage());
    }
    const parsed = (cmd.flags as z.ZodType).safeParse(parseFlags(rest));
    if (!parsed.success) throw validationError(parsed.error.issues);
    const problems = operatorConfigProblems(process.env);
    if (problems.length > 0) throw new ConfigError(problems);
    const database = await ensureDatabaseUrl();
    try {
      const result = await cmd.run(parsed.data);
      out.stdout(JSON.stringify(result) + "\n");
      return 0;
    } finally {
      await disconnectDb();
      await database.stop();
    }
  } catch (error) {
    out.stderr(JSON.stringify({ error: describeError(error) }) + "\n");
    return 1;
  }
}

function describeError(error: unknown) {
  if (error instanceof AppError) {
    return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
  if (error instanceof ConfigError) return { code: "CONFIGURATION", message: error.message, details: { problems: error.problems } };
  const message = error instanceof Error ? error.message : String(error);
  return { code: "INTERNAL", message };
}
