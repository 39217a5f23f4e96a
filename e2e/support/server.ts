import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { Socket } from "node:net";
import path from "node:path";
import pg from "pg";

// What specs need besides the browser: the run's database (written by e2e/serve.ts) and
// the operator CLI, which is how billing state is set in this product.

export function databaseUrl(): string {
  const file = path.join("e2e", ".output", "server.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { databaseUrl: string }).databaseUrl;
}

type Reply = { id: number; code: number; stdout: string; stderr: string };

let runner: ChildProcess | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();

const channel = (child: ChildProcess) => (child as unknown as { channel?: { ref(): void; unref(): void } }).channel;

/** The worker's warm CLI process (e2e/support/ops-runner.ts), started on first use. */
function opsRunner(): ChildProcess {
  if (runner && runner.exitCode === null && runner.connected) return runner;
  const child = fork(path.join("e2e", "support", "ops-runner.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderrTail = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderrTail = (stderrTail + chunk.toString("utf8")).slice(-4000)));
  child.on("message", (reply: Reply) => {
    waiting.get(reply.id)?.resolve(reply);
    waiting.delete(reply.id);
    if (waiting.size === 0) channel(child)?.unref();
  });
  child.on("exit", (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`the ops runner exited (${code}) with a command pending:\n${stderrTail}`));
    waiting.clear();
  });
  // Idle, the runner keeps nothing alive: the worker may exit, which closes the IPC
  // channel, and the runner ends with it. A pending command holds the channel (ops()).
  child.unref();
  (child.stderr as Socket).unref();
  channel(child)?.unref();
  runner = child;
  return child;
}

/** `npm run ops -- <command> --flag value…` against the run's database; returns its JSON output. */
export async function ops(command: string, flags: Record<string, string>): Promise<unknown> {
  const argv = [command, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])];
  const env = { ...process.env, DATABASE_URL: databaseUrl(), DATABASE_POOL_MAX: "1" } as Record<string, string>;
  const id = nextId++;
  const reply = await new Promise<Reply>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const child = opsRunner();
    channel(child)?.ref();
    child.send({ id, argv, env });
  });
  if (reply.code !== 0) throw new Error(`npm run ops -- ${argv.join(" ")} failed (exit ${reply.code}): ${reply.stderr}`);
  return JSON.parse(reply.stdout);
}

/** One SQL statement on the run's database (for rows the console cannot create yet). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
