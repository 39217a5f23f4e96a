import type { NextConfig } from "next";
import { configProblems } from "./lib/platform/config/env";

// On Vercel the production variables are checked when the deployment builds, every problem
// at once, one line each: a build that would refuse to start is never promoted (locally,
// `npm start` refuses at start instead). scripts/migrate-deploy.ts, the build's first
// step, applies the same rules before it touches the database.
if (process.env.VERCEL) {
  const problems = configProblems({ ...process.env, NODE_ENV: "production" }, { production: true });
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`Configuration error: ${problem}\n`);
    throw new Error(`Invalid configuration for this deployment: ${problems.length} problem(s), listed above.`);
  }
}

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Next would answer a trailing slash with a bare 308 before any route runs. The Partner
  // API answers it with its own 404 (lib/partner-api/route-methods.ts) and proxy.ts keeps
  // the redirect for pages.
  skipTrailingSlashRedirect: true,
  // The embedded database (PGlite) ships wasm files that must be loaded from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket"],
  // /api/ready compares the applied migrations with the ones shipped: a serverless bundle
  // only holds files that are traced into it.
  outputFileTracingIncludes: { "/api/ready": ["./prisma/migrations/**/*"] },
};

export default nextConfig;
