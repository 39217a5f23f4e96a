import { parseArgs } from "node:util";
import { normaliseBaseUrl, type CliEnvironment } from "./cli-api";
import { CliError } from "./cli-error";
import { configDir, localSecret } from "./cli-files";
import { listen } from "./cli-listen";
import { logs } from "./cli-logs";
import { trigger } from "./cli-trigger";

// The `svc-partner` command: argument parsing and dispatch. Every failure is one line on
// stderr and a non-zero exit (1: the API, the receiver or a file refused; 2: bad usage).

export const USAGE = `Usage:
  svc-partner listen --forward-to URL [--events a,b] [--base-url URL] [--api-key KEY]
      Forwards every new webhook event to URL, signed like a real delivery with this
      machine's local secret (printed at start). Resumes where it stopped.
  svc-partner listen --print-secret
      Prints this machine's local signing secret.
  svc-partner trigger attendee.created|attendee.updated --event-id ID [--attendee-id ID] [--yes]
      Creates (or updates) a test attendee on a draft event so a real event flows.
  svc-partner logs [--status 2xx|4xx|429|5xx] [--since ISO-DATE] [--limit N]
      Prints this key's recent requests, newest first.

  The key comes from --api-key or SVC_PARTNER_API_KEY, the API from --base-url or
  SVC_PARTNER_BASE_URL (https://HOST/partner/v1).`;

export type MainEnvironment = CliEnvironment & { env: NodeJS.ProcessEnv; printError: (line: string) => void };

const OPTIONS = {
  "forward-to": { type: "string" },
  events: { type: "string" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "print-secret": { type: "boolean" },
  "event-id": { type: "string" },
  "attendee-id": { type: "string" },
  yes: { type: "boolean", short: "y" },
  status: { type: "string" },
  since: { type: "string" },
  limit: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function apiKey(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const key = flag ?? env.SVC_PARTNER_API_KEY;
  if (!key) throw new CliError("svc-partner: no API key; pass --api-key svc_live_… or set SVC_PARTNER_API_KEY.", 2);
  return key;
}

/** Runs one command and returns the exit code. */
export async function main(argv: string[], io: MainEnvironment): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new CliError(`svc-partner: ${error instanceof Error ? error.message : String(error)} (svc-partner --help lists the options).`, 2);
    }
    const { values, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      io.print(USAGE);
      return values.help ? 0 : 2;
    }
    const home = configDir(io.env);
    if (command === "listen") {
      if (rest.length > 0) throw new CliError(`svc-partner: listen takes no argument ${JSON.stringify(rest[0])}.`, 2);
      if (values["print-secret"]) {
        io.print(localSecret(home));
        return 0;
      }
      const types = (values.events ?? "").split(",").map((type) => type.trim()).filter(Boolean);
      await listen(
        { baseUrl: normaliseBaseUrl(values["base-url"] ?? io.env.SVC_PARTNER_BASE_URL), apiKey: apiKey(values["api-key"], io.env), forwardTo: values["forward-to"] ?? "", types, configDir: home },
        io,
      );
      return 0;
    }
    if (command === "trigger") {
      await trigger(
        {
          baseUrl: normaliseBaseUrl(values["base-url"] ?? io.env.SVC_PARTNER_BASE_URL),
          apiKey: apiKey(values["api-key"], io.env),
          type: rest[0],
          eventId: values["event-id"],
          attendeeId: values["attendee-id"],
          yes: values.yes ?? false,
        },
        io,
      );
      return 0;
    }
    if (command === "logs") {
      if (rest.length > 0) throw new CliError(`svc-partner: logs takes no argument ${JSON.stringify(rest[0])}.`, 2);
      await logs(
        { baseUrl: normaliseBaseUrl(values["base-url"] ?? io.env.SVC_PARTNER_BASE_URL), apiKey: apiKey(values["api-key"], io.env), status: values.status, since: values.since, limit: values.limit },
        io,
      );
      return 0;
    }
    throw new CliError(`svc-partner: unknown command ${JSON.stringify(command)}; the commands are listen, trigger and logs.`, 2);
  } catch (error) {
    if (error instanceof CliError) {
      io.printError(error.message);
      return error.exitCode;
    }
    if (io.signal?.aborted) return 0;
    io.printError(`svc-partner: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
