import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createTestDatabase, dropLeftoverTestDatabases } from "@/lib/testing/test-database";

// The web server of the e2e run (playwright.config.ts → webServer): a fresh migrated
// database, the build `npm run build` makes (the SDK tarball, then `next build`), then the
// production server npm start runs (scripts/next-server.mjs) on E2E_PORT. The database URL is written to
// e2e/.output/server.json for specs that set state the console cannot (billing, via the
// operator CLI). Playwright stops this process at the end with SIGTERM
// (playwright.config.ts, gracefulShutdown): the server stops and the database is dropped.

const port = process.env.E2E_PORT ?? "3107";
const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
const outputDir = path.join("e2e", ".output");

// Databases of earlier runs that were killed before their teardown.
if (process.env.DATABASE_URL) await dropLeftoverTestDatabases(process.env.DATABASE_URL);
const database = await createTestDatabase(process.env.DATABASE_URL);
fs.mkdirSync(outputDir, { recursive: true });
fs.writeFileSync(path.join(outputDir, "server.json"), JSON.stringify({ databaseUrl: database.url, poolMax: database.poolMax }));

const env = { ...process.env, DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax) };
let child: ChildProcess | null = null;
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  await database.drop().catch((error) => console.error("could not drop the e2e database:", error));
  process.exit(code);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

function run(args: string[], onStart: (pid: number) => void = () => {}): Promise<number> {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, { env, stdio: "inherit" });
    if (child.pid) onStart(child.pid);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  // What `npm run build` does: the SDK's tarball into public/sdk/ (the reference links it), then Next's build.
  const packed = await run([path.join("node_modules", "tsx", "dist", "cli.mjs"), path.join("scripts", "sdk-pack.ts")]);
  if (packed !== 0) await stop(packed);
  const built = await run([nextBin, "build"]);
  if (built !== 0) await stop(built);
}
// The server npm start runs (Next's handler behind the Partner API's path check).
// Its pid goes to server.json too: e2e/body-limits.spec.ts reads the server's memory.
const exitCode = await run([path.join("scripts", "next-server.mjs"), "-p", port, "-H", "127.0.0.1"], (serverPid) =>
  fs.writeFileSync(path.join(outputDir, "server.json"), JSON.stringify({ databaseUrl: database.url, poolMax: database.poolMax, serverPid })),
);
await stop(exitCode);
