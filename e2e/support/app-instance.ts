import { spawn, type ChildProcess } from "node:child_process";

// `npm start` as a customer runs it (node --import tsx scripts/start.ts over the build this Playwright
// run made), one process group per instance, with exactly the variables given: nothing
// of the caller's configuration leaks in.

const CONFIGURATION = [
  "APP_SECRET", "DATABASE_URL", "DATABASE_URL_UNPOOLED", "DATABASE_POOL_MAX", "DATABASE_PREPARED_STATEMENTS", "NEXTAUTH_URL",
  "NEXTAUTH_SECRET", "CRON_SECRET", "EMBEDDED_DATABASE", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "SEED_DEMO",
  "LOG_LEVEL", "NODE_ENV", "LOCAL_WORKER", "VERCEL",
];

export type AppInstance = {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  startedAt: number;
  stdout: () => string;
  stderr: () => string;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** The exit code, and when it came (ms after spawn). */
  exited: Promise<{ code: number | null; atMs: number }>;
  /** Resolves with the milliseconds from spawn to the first 200 on /api/ready. */
  ready: (timeoutMs?: number) => Promise<number>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
};

export function startAppInstance(
  name: string,
  port: number,
  env: Record<string, string | undefined>,
  /** "npm": through `npm start` itself (npm, its shell, the launcher, the server), as an operator types it. */
  via: "node" | "npm" = "node",
): AppInstance {
  const base: Record<string, string | undefined> = { ...process.env };
  for (const variable of CONFIGURATION) delete base[variable];
  const startedAt = Date.now();
  // What `npm start` runs (package.json), or npm itself.
  const [command, args] = via === "npm" ? ["npm", ["start"]] : [process.execPath, ["--import", "tsx", "scripts/start.ts"]];
  const child = spawn(command, args, {
    env: { ...base, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: stopping it stops the launcher and Next together.
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => ((stdout += chunk), (output += chunk)));
  child.stderr!.on("data", (chunk: Buffer) => ((stderr += chunk), (output += chunk)));
  const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
    child.once("exit", (code) => resolve({ code, atMs: Date.now() - startedAt })),
  );
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    name,
    baseUrl,
    child,
    startedAt,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => output,
    exited,
    ready: async (timeoutMs = 120_000) => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
        const response = await fetch(`${baseUrl}/api/ready`).catch(() => null);
        if (response?.status === 200) return Date.now() - startedAt;
        await response?.body?.cancel();
        if (Date.now() - startedAt > timeoutMs) throw new Error(`${name} not ready after ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      process.kill(-child.pid!, "SIGTERM");
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
      }, graceMs);
      const { code } = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
