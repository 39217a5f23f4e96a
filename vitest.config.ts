import path from "node:path";
import { defineConfig } from "vitest/config";

// With DATABASE_URL (CI, or a developer's PostgreSQL) each run gets a fresh database and
// files run in parallel. Without it, tests share one embedded PGlite session, so files
// run one at a time.
const realServer = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "inngest/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["lib/testing/global-setup.ts"],
    fileParallelism: realServer,
    maxWorkers: realServer ? 2 : 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { OUTBOUND_ALLOW_LOOPBACK: "1", NODE_ENV: "test" },
  },
});
