import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI downloads its native schema engine before `generate`, which fails on
// machines without internet. When no engine is installed (and none was chosen by the
// developer), point it at a stub that only answers `--version`: generation needs
// nothing else, and migrations go through our own runner (`npm run db:migrate`).
const enginesDir = path.join(process.cwd(), "node_modules", "@prisma", "engines");
const hasRealEngine =
  fs.existsSync(enginesDir) && fs.readdirSync(enginesDir).some((f) => f.startsWith("schema-engine-"));
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY && !hasRealEngine) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = path.join(process.cwd(), "prisma", "schema-engine-offline.cjs");
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
