// npm run vercel-build, first step: check the deployment's configuration (every problem at
// once, one line each), then apply pending migrations through the direct URL. Exit 1 on any
// problem, so the build stops before `next build`. See lib/platform/db/deploy-migrations.ts.
import { migrateForDeployment } from "@/lib/platform/db/deploy-migrations";

const outcome = await migrateForDeployment({ ...process.env, NODE_ENV: "production" }).catch((error: unknown) => {
  // The message starts with the variable whose URL was used ("through DATABASE_URL_UNPOOLED: …").
  process.stderr.write(`Migration failed ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
if (outcome.outcome === "refused") {
  for (const problem of outcome.problems) process.stderr.write(`Configuration error: ${problem}\n`);
  process.exitCode = 1;
} else if (outcome.outcome === "skipped") {
  process.stdout.write(`Migrations skipped: ${outcome.reason}\n`);
} else {
  const { applied, alreadyApplied, warnings } = outcome.result;
  process.stdout.write(applied.length > 0 ? `Applied migrations: ${applied.join(", ")}\n` : `Migrations: all ${alreadyApplied} already applied\n`);
  for (const warning of warnings) process.stderr.write(`Warning: ${warning}\n`);
}
