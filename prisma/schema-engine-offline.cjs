#!/usr/bin/env node
// Stand-in for Prisma's native schema engine on machines that cannot download it.
// `prisma generate` only asks the engine for its version; migrations are applied by
// our own runner (lib/db/migrate.ts), so every other use fails loudly.
if (process.argv.includes("--version")) {
  process.stdout.write("schema-engine-cli 0.0.0-offline-stub\n");
  process.exit(0);
}
process.stderr.write(
  "The Prisma schema engine is not installed on this machine. Use `npm run db:migrate` to apply migrations.\n",
);
process.exit(1);
