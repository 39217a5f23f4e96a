import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "@/lib/platform/lifecycle/free-port";

// The app under test is the production build, served in a child process by the server
// npm start runs (scripts/next-server.mjs), not the in-process route server of the tests.

const NEXT_BIN = path.join(process.cwd(), "node_modules", "next", "dist", "bin", "next");
// What npm start serves with (Next's handler behind the Partner API's path check).
const SERVER = path.join(process.cwd(), "scripts", "next-server.mjs");
const BUILD_DIR = path.join(process.cwd(), ".next");
/** A build from before the Partner API routes existed cannot serve the bench. */
const REQUIRED_ROUTE = "/partner/v1/events/[eventId]/attendees/route";
const SOURCE_DIRS = ["app", "lib", "components"];
const SOURCE_FILES = ["next.config.ts", "package.json"];

function newestSourceChange(): number {
  let newest = 0;
  const visit = (entry: string) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) if (!name.startsWith(".") && name !== "node_modules") visit(path.join(entry, name));
    } else if (/\.(ts|tsx|js|mjs|css|json|prisma)$/.test(entry)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const name of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(path.join(process.cwd(), name));
  return newest;
}

export function buildIsUsable(): { usable: boolean; why: string } {
  const buildId = path.join(BUILD_DIR, "BUILD_ID");
  if (!fs.existsSync(buildId)) return { usable: false, why: ".next/BUILD_ID is missing" };
  try {
    const routes = JSON.parse(fs.readFileSync(path.join(BUILD_DIR, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
    if (!(REQUIRED_ROUTE in routes)) return { usable: false, why: "the build has no Partner API routes (it predates them)" };
  } catch {
    return { usable: false, why: "the build has no app-path-routes-manifest.json" };
  }
  // Benchmarking code other than the working tree's would measure the wrong thing.
  if (newestSourceChange() > fs.statSync(buildId).mtimeMs) return { usable: false, why: "sources changed after the last build" };
  return { usable: true, why: "" };
}

function runNext(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [NEXT_BIN, ...args], { stdio: ["ignore", 2, 2], env });
  if (result.status !== 0) throw new Error(`next ${args.join(" ")} failed (exit ${result.status})`);
}

/**
 * Builds when there is no usable build (missing, predating the routes, older than the
 * sources) or with BENCH_BUILD=1. By default in two steps, compile then generate, which
 * skip Next's type check: type checking is `npm run typecheck`'s job, and the bench should
 * measure a working tree even while an unrelated file does not type-check.
 * BENCH_BUILD_MODE=full runs the plain `next build` instead.
 */
export function ensureBuild(log: (line: string) => void): void {
  const { usable, why } = buildIsUsable();
  if (usable && process.env.BENCH_BUILD !== "1") {
    log("using the existing production build (.next); BENCH_BUILD=1 rebuilds");
    return;
  }
  const full = process.env.BENCH_BUILD_MODE === "full";
  log(`running next build${full ? "" : " (compile, then generate)"}: ${process.env.BENCH_BUILD === "1" ? "BENCH_BUILD=1" : why}`);
  // The build gets no database, and a throwaway secret for any page that reads one while
  // being prerendered (pages that need request data should not be prerendered at all).
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", APP_SECRET: randomBytes(48).toString("base64url") };
  delete env.DATABASE_URL;
  if (full) runNext(["build"], env);
  else {
    runNext(["build", "--experimental-build-mode", "compile"], env);
    runNext(["build", "--experimental-build-mode", "generate"], env);
  }
}


export type NextServer = { baseUrl: string; pid: number; stop: () => Promise<void> };

/** Starts the production server on a free loopback port and waits until `readyPath` answers 200. */
export async function startNextServer(options: {
  env: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  readyPath: string;
  readyHeaders: () => Record<string, string>;
  log: (line: string) => void;
}): Promise<NextServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER, "-p", String(port), "-H", "127.0.0.1"], {
    // NEXTAUTH_URL: production refuses to start without one (lib/platform/config).
    env: { ...process.env, NEXTAUTH_URL: `http://127.0.0.1:${port}`, ...options.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // SIGINT: Next shuts down through process.exit, so a --cpu-prof profile gets written.
    child.kill("SIGINT");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join("")}`);
    try {
      const response = await fetch(`${baseUrl}${options.readyPath}`, { headers: options.readyHeaders(), signal: AbortSignal.timeout(5000) });
      const body = await response.text();
      if (response.status === 200) break;
      if (Date.now() > deadline) throw new Error(`${options.readyPath} answered ${response.status}: ${body.slice(0, 500)}`);
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the server did not become ready: ${String(error)}\n${output.join("")}`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  options.log(`the production server is serving ${baseUrl} (pid ${child.pid})`);
  return { baseUrl, pid: child.pid!, stop };
}
