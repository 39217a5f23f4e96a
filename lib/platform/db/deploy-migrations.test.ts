import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { migrateForDeployment } from "./deploy-migrations";
import { readMigrations } from "./migrate";

// The build's migration step (npm run vercel-build → scripts/migrate-deploy.ts) and the
// build's own check (next.config.ts), as a first Vercel deployment meets them.

const execFileAsync = promisify(execFile);
const onPostgres = Boolean(process.env.TEST_DATABASE_SERVER_URL);
const SECRET = "a".repeat(40);
const BASE = { NODE_ENV: "production", VERCEL: "1", VERCEL_ENV: "production", APP_SECRET: SECRET, NEXTAUTH_URL: "https://integrations.example.com", CRON_SECRET: "c".repeat(32) };
// Nothing listens on port 1: a statement sent there would fail, so success means the
// migrator used the direct URL.
const UNREACHABLE_POOLER = "postgresql://app@127.0.0.1:1/app?pgbouncer=true";

async function appliedMigrations(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`);
    if (!rows[0].exists) return null;
    return (await client.query(`SELECT 1 FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`)).rowCount;
  } finally {
    await client.end();
  }
}

describe("the deployment's migration step", () => {
  it("names every configuration problem at once and touches nothing", async () => {
    const outcome = await migrateForDeployment({ NODE_ENV: "production", VERCEL: "1", DATABASE_URL: UNREACHABLE_POOLER, INNGEST_DEV: "1" });
    expect(outcome.outcome).toBe("refused");
    const names = outcome.outcome === "refused" ? outcome.problems.map((line) => line.split(" ")[0]) : [];
    expect(names).toEqual(["APP_SECRET", "DATABASE_URL_UNPOOLED", "NEXTAUTH_URL", "INNGEST_DEV", "CRON_SECRET", "VERCEL_ENV"]);
  });

  it("on Vercel without VERCEL_ENV (system variables not exposed) refuses to migrate: a preview cannot be told from production", async () => {
    const outcome = await migrateForDeployment({ ...BASE, VERCEL_ENV: undefined, DATABASE_URL: "postgresql://app@127.0.0.1:1/app" });
    expect(outcome).toEqual({ outcome: "refused", problems: [expect.stringMatching(/^VERCEL_ENV is not set: .*Automatically expose System Environment Variables/)] });
  });

  it("refuses EMBEDDED_DATABASE=1 in a Vercel build, in one line", async () => {
    const outcome = await migrateForDeployment({ ...BASE, DATABASE_URL: undefined, EMBEDDED_DATABASE: "1" });
    expect(outcome).toEqual({ outcome: "refused", problems: [expect.stringMatching(/^EMBEDDED_DATABASE=1 is set on Vercel: /)] });
  });

  it("a failed migration names the variable whose URL it used", async () => {
    await expect(migrateForDeployment({ ...BASE, DATABASE_URL: "postgresql://app@127.0.0.1:1/app" })).rejects.toThrow(/^through DATABASE_URL: /);
    await expect(
      migrateForDeployment({ ...BASE, DATABASE_URL: "postgresql://app@127.0.0.1:1/app", DATABASE_URL_UNPOOLED: "postgresql://app@127.0.0.1:2/app" }),
    ).rejects.toThrow(/^through DATABASE_URL_UNPOOLED: /);
  });

  it("never opens the embedded database in a build", async () => {
    const outcome = await migrateForDeployment({ ...BASE, DATABASE_URL: undefined });
    expect(outcome).toEqual({ outcome: "refused", problems: [expect.stringMatching(/^DATABASE_URL is not set/)] });
  });

  describe.runIf(onPostgres)("on a database", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createEmptyTestDatabase(process.env.TEST_DATABASE_SERVER_URL!);
    });
    afterAll(async () => database?.drop());

    it("does not migrate from a preview deployment unless the preview has its own database", async () => {
      const env = { ...BASE, VERCEL_ENV: "preview", DATABASE_URL: UNREACHABLE_POOLER, DATABASE_URL_UNPOOLED: database.url };
      expect(await migrateForDeployment(env)).toEqual({ outcome: "skipped", reason: expect.stringMatching(/^preview deployment: .*MIGRATE_ON_PREVIEW=1/) });
      expect(await appliedMigrations(database.url)).toBeNull();
    });

    it("migrates through the direct URL (production, or a preview with MIGRATE_ON_PREVIEW=1)", async () => {
      const env = { ...BASE, VERCEL_ENV: "preview", MIGRATE_ON_PREVIEW: "1", DATABASE_URL: UNREACHABLE_POOLER, DATABASE_URL_UNPOOLED: database.url };
      const outcome = await migrateForDeployment(env);
      expect(outcome.outcome).toBe("migrated");
      expect(await appliedMigrations(database.url)).toBe(readMigrations().length);
      const again = await migrateForDeployment({ ...env, VERCEL_ENV: "production", MIGRATE_ON_PREVIEW: undefined });
      expect(again).toMatchObject({ outcome: "migrated", result: { applied: [], alreadyApplied: readMigrations().length } });
    });
  });
});

describe("a Vercel build with the variables not yet entered", () => {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", VERCEL: "1", VERCEL_ENV: "production", DATABASE_URL: "postgresql://app@ep-a-pooler.us-east-2.aws.neon.tech/app" } as NodeJS.ProcessEnv;
  const expected = [
    /^Configuration error: APP_SECRET is not set/,
    /^Configuration error: DATABASE_URL_UNPOOLED is not set/,
    /^Configuration error: NEXTAUTH_URL is not set/,
    /^Configuration error: CRON_SECRET is not set and Inngest is not configured/,
  ];

  async function run(args: string[]) {
    return execFileAsync(process.execPath, args, { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  it("the migration step (scripts/migrate-deploy.ts) lists every problem, one line each, and exits 1", async () => {
    const { code, stderr } = await run(["node_modules/tsx/dist/cli.mjs", "scripts/migrate-deploy.ts"]);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  });

  it("next build (next.config.ts) lists the same problems before anything is built", async () => {
    // Next loads its configuration first: this fails in about two seconds and writes nothing.
    const { code, stderr } = await run(["node_modules/next/dist/bin/next", "build"]);
    expect(code).not.toBe(0);
    const lines = stderr.split("\n").filter((line) => line.startsWith("Configuration error:"));
    expect(lines).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));
  });
});
