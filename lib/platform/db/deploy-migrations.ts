import { configProblems } from "@/lib/platform/config/env";
import { migrate, type MigrateResult } from "./migrate";

// The migration step of a deployment's build (`npm run vercel-build`). It checks the whole
// production configuration first, so a build with several missing variables names every
// one of them at once (next.config.ts checks the same rules again), and it never opens
// the embedded database: a build folder is not where data lives.
//
// Preview deployments do not migrate unless MIGRATE_ON_PREVIEW=1: on Vercel, Preview
// shares Production's DATABASE_URL unless it was given a database of its own (a Neon
// branch per preview), and a preview's migration would then change production's schema
// before the change is merged.

export type DeployMigrationOutcome =
  | { outcome: "refused"; problems: string[] }
  | { outcome: "skipped"; reason: string }
  | { outcome: "migrated"; result: MigrateResult };

export async function migrateForDeployment(env: Record<string, string | undefined>): Promise<DeployMigrationOutcome> {
  const problems = configProblems(env, { production: true });
  // Vercel passes VERCEL_ENV to a build only while "Automatically expose System Environment
  // Variables" is on; without it a preview cannot be told from production, so nothing migrates.
  if (env.VERCEL && !env.VERCEL_ENV) {
    problems.push(
      "VERCEL_ENV is not set: this Vercel build cannot tell a preview from production, so it does not migrate; turn on \"Automatically expose System Environment Variables\" in the project's Environment Variables settings",
    );
  }
  if (problems.length > 0) return { outcome: "refused", problems };
  if (env.VERCEL_ENV === "preview" && env.MIGRATE_ON_PREVIEW !== "1") {
    return {
      outcome: "skipped",
      reason:
        "preview deployment: migrations were not applied (set MIGRATE_ON_PREVIEW=1 for the Preview environment only when it has a database of its own, e.g. a Neon branch per preview)",
    };
  }
  if (!env.DATABASE_URL) {
    // EMBEDDED_DATABASE=1: the embedded database migrates itself when npm start opens it.
    return { outcome: "skipped", reason: "EMBEDDED_DATABASE=1: the embedded database is migrated when npm start opens it" };
  }
  const variable = env.DATABASE_URL_UNPOOLED ? "DATABASE_URL_UNPOOLED" : "DATABASE_URL";
  try {
    return { outcome: "migrated", result: await migrate(env[variable]!) };
  } catch (error) {
    // Which of the two URLs was used is the first thing to check when a migration fails.
    throw new Error(`through ${variable}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
