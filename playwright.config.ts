import { chromium, defineConfig, devices } from "@playwright/test";
import { e2eStripeEnv } from "./e2e/support/stripe";
import { findChromium, NoBrowserError, systemChromiumProbe } from "./lib/testing/chromium";

// End-to-end tests of the organizer console over a production build (`next build` then
// `next start`). The browser: lib/testing/chromium.ts (Playwright's, else a system one,
// else installed now); resolved once and handed to the workers through the environment.
// e2e/serve.ts gives the run a fresh database: a new database on the server in
// DATABASE_URL, or an embedded in-memory one when DATABASE_URL is not set.

const PORT = Number(process.env.E2E_PORT ?? 3107);
const BASE_URL = `http://127.0.0.1:${PORT}`;

function chromiumPath(): string {
  if (process.env.E2E_CHROMIUM) return process.env.E2E_CHROMIUM;
  try {
    const found = findChromium(systemChromiumProbe(() => chromium.executablePath()));
    process.env.E2E_CHROMIUM = found.path;
    return found.path;
  } catch (error) {
    if (!(error instanceof NoBrowserError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/.output/results",
  // The specs share one server and one database, each making its own organizations, so
  // spec files run side by side on PostgreSQL: two workers for two cores. The embedded
  // database has a single session, so one worker there.
  workers: process.env.DATABASE_URL ? 2 : 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A safety net, not a speed check (benchmarks measure speed): two workers on a shared
  // two-core machine take several times a quiet run's time.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node node_modules/tsx/dist/cli.mjs e2e/serve.ts",
    url: `${BASE_URL}/sign-in`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Without it Playwright ends the server with SIGKILL, and e2e/serve.ts never drops its database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: String(PORT),
      APP_SECRET: process.env.E2E_APP_SECRET ?? "e2e-app-secret-0123456789abcdefghijklmnopqrstuvwxyz",
      NEXTAUTH_URL: BASE_URL,
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET ?? "e2e-nextauth-secret-0123456789abcdefghijklmnop",
      OUTBOUND_ALLOW_LOOPBACK: "1",
      // Self-serve billing talks to the local Stripe stand-in that e2e/billing-self-serve.spec.ts starts on this port.
      ...e2eStripeEnv(PORT),
    },
  },
});
