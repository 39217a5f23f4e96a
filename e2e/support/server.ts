import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

// What specs need besides the browser: the run's database (written by e2e/serve.ts) and
// the operator CLI, which is how billing state is set in this product.

const execFileAsync = promisify(execFile);

export function databaseUrl(): string {
  const file = path.join("e2e", ".output", "server.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { databaseUrl: string }).databaseUrl;
}

/** `npm run ops -- <command> --flag value…` against the run's database; returns its JSON output. */
export async function ops(command: string, flags: Record<string, string>): Promise<unknown> {
  const args = ["node_modules/tsx/dist/cli.mjs", "scripts/ops.ts", command, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])];
  const { stdout } = await execFileAsync(process.execPath, args, {
    env: { ...process.env, DATABASE_URL: databaseUrl(), DATABASE_POOL_MAX: "1" },
  });
  return JSON.parse(stdout);
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
