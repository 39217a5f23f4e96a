import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { disconnectDb } from "@/lib/platform/db/client";
import { ensureDatabaseUrl } from "@/lib/platform/db/embedded";
import { configProblems } from "@/lib/platform/config/env";
import { migrate } from "@/lib/platform/db/migrate";
import { prepareDemoWorkspace, type DemoWorkspace } from "@/lib/domain/seed/demo-workspace";

// What `npm run dev` and `npm start` share: a database (the configured server, or the
// embedded PGlite served from this process for as long as Next runs), optionally the demo
// workspace, a banner, then Next as a child process with signals forwarded.

export type LaunchOptions = {
  mode: "dev" | "start";
  /** Create the demo workspace (once) and print a fresh demo key; "SEED_DEMO" when SEED_DEMO=1. */
  demo: boolean | "SEED_DEMO";
};

const DEV_NEXTAUTH_SECRET = "dev-only-nextauth-secret-do-not-use-in-production";

/** Start-up refusal of `npm start`: one line per bad variable on stderr, exit code 1. */
function refuseBadProductionConfig(): boolean {
  const problems = configProblems({ ...process.env, NODE_ENV: "production" }, { production: true });
  if (problems.length === 0) return false;
  for (const problem of problems) process.stderr.write(`Configuration error: ${problem}\n`);
  process.exitCode = 1;
  return true;
}

function loadEnvFiles() {
  // Next reads these for the app; this process needs DATABASE_URL and PORT before Next runs.
  // Variables already set in the environment win.
  for (const file of [".env.local", ".env"]) {
    const full = path.join(process.cwd(), file);
    if (fs.existsSync(full)) process.loadEnvFile(full);
  }
}

function describeDatabase(url: string, embedded: boolean): string {
  if (embedded) return "embedded PGlite (.data/pglite), served by this process";
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.host}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

export function banner(options: { baseUrl: string; database: string; workspace?: DemoWorkspace }): string {
  const { baseUrl, database, workspace } = options;
  const lines = [`  App:       ${baseUrl}`, `  Database:  ${database}`];
  if (workspace) {
    lines.push(
      `  Console:   ${workspace.consoleUrl ?? `${baseUrl}/console`}`,
      `  Sign in:   ${workspace.admin.email} / ${workspace.admin.password}`,
      workspace.created ? "  Demo data: created just now" : "  Demo data: kept from the previous run",
    );
    if (workspace.apiKey) {
      lines.push(
        `  API key:   ${workspace.apiKey}`,
        "             (all four scopes; a new key is minted on every start and the previous one revoked)",
        "  Try it:",
        `    curl -H "Authorization: Bearer ${workspace.apiKey}" ${baseUrl}/partner/v1/me`,
      );
    } else {
      lines.push(`  API key:   none, integrations are locked (${workspace.apiKeyError})`);
    }
  }
  const rule = "─".repeat(78);
  return `\n${rule}\n${lines.join("\n")}\n${rule}\n\n`;
}

/**
 * The interface the server binds to. `npm run dev` prints the demo admin's password and runs
 * with a development secret: it listens on this machine only (127.0.0.1) unless HOST opens
 * it (HOST=0.0.0.0 for a container or another device). `npm start` listens on every
 * interface (undefined: IPv4 and IPv6) unless HOST narrows it: a deployment is reached from outside.
 */
export function listenHost(mode: LaunchOptions["mode"], env: Record<string, string | undefined>): string | undefined {
  if (env.HOST) return env.HOST;
  return mode === "dev" ? "127.0.0.1" : undefined;
}

export async function launch(options: LaunchOptions): Promise<void> {
  loadEnvFiles();
  if (options.mode === "start" && refuseBadProductionConfig()) return;
  const port = Number(process.env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}".`);
  const baseUrl = `http://localhost:${port}`;

  if (options.mode === "start" && !fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    process.stderr.write("No production build found: run npm run build first.\n");
    process.exitCode = 1;
    return;
  }

  // The configured server is migrated here (through the direct URL when one is given:
  // the migrator's advisory lock needs a session); the embedded database migrates when it opens.
  const configured = Boolean(process.env.DATABASE_URL);
  if (configured) {
    const result = await migrate(process.env.DATABASE_URL_UNPOOLED || process.env.DATABASE_URL!);
    if (result.applied.length > 0) process.stdout.write(`Applied migrations: ${result.applied.join(", ")}\n`);
    for (const warning of result.warnings) process.stderr.write(`Warning: ${warning}\n`);
  }
  const database = await ensureDatabaseUrl();

  let workspace: DemoWorkspace | undefined;
  try {
    if (options.demo === true || (options.demo === "SEED_DEMO" && process.env.SEED_DEMO === "1")) {
      const attendees = process.env.DEMO_ATTENDEES ? Number(process.env.DEMO_ATTENDEES) : undefined;
      workspace = await prepareDemoWorkspace({ baseUrl: process.env.NEXTAUTH_URL || baseUrl, seed: { attendees } });
    }
  } catch (error) {
    await disconnectDb();
    await database.stop();
    throw error;
  }
  // Next opens its own pool; this process only serves the embedded database from here on.
  await disconnectDb();

  // In production an unset NEXTAUTH_SECRET is derived from APP_SECRET (lib/auth/secret.ts).
  const nextAuthSecret = process.env.NEXTAUTH_SECRET || (options.mode === "dev" ? DEV_NEXTAUTH_SECRET : undefined);

  process.stdout.write(
    banner({ baseUrl: process.env.NEXTAUTH_URL || baseUrl, database: describeDatabase(database.url, !configured), workspace }),
  );

  // npm start serves through scripts/next-server.mjs (Next's handler behind the Partner
  // API's path check); npm run dev through `next dev`.
  const server =
    options.mode === "start"
      ? [path.join(process.cwd(), "scripts", "next-server.mjs")]
      : [path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next"), "dev"];
  const bind = listenHost(options.mode, process.env);
  const host = bind ? ["-H", bind] : [];
  const child = spawn(process.execPath, [...server, "-p", String(port), ...host], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL,
      DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX || undefined,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL || baseUrl,
      NEXTAUTH_SECRET: nextAuthSecret,
      // npm start: SIGTERM/SIGINT are handled by instrumentation.ts (drain the worker, close
      // the pool) instead of Next's immediate exit. The dev server keeps Next's own handling.
      ...(options.mode === "start" ? { NEXT_MANUAL_SIG_HANDLE: "true" } : {}),
      // Without Inngest, the app runs the scheduled work itself (lib/runtime/local-worker.ts).
      LOCAL_WORKER: process.env.LOCAL_WORKER || (process.env.INNGEST_EVENT_KEY || process.env.INNGEST_DEV ? "0" : "1"),
    },
  });

  const forward = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  process.on("SIGHUP", forward);
  // SIGTERM to npm alone (what `docker stop` sends to PID 1 when npm is it) ends npm and its
  // shell without passing the signal on: once this process has been handed to another
  // parent, stop the server as if it had been signalled.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(orphaned);
      forward("SIGTERM");
    }
  }, 500);

  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
    child.once("error", (error) => {
      process.stderr.write(`Could not start Next: ${error.message}\n`);
      resolve({ code: 1, signal: null });
    });
  });
  clearInterval(orphaned);
  process.off("SIGINT", forward);
  process.off("SIGTERM", forward);
  process.off("SIGHUP", forward);
  await database.stop();
  process.exitCode = code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1);
}
