import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Which Chromium the browser tests use, so `npm test` works on a fresh machine:
// CHROMIUM_PATH when set, else Playwright's own build when installed, else a system
// Chromium/Chrome, else Playwright's build installed now (`playwright install chromium`).
// Only when all of that fails does the run stop, with one line saying so.

export const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export type ChromiumProbe = {
  configured: string | undefined;
  playwrightPath: () => string;
  exists: (file: string) => boolean;
  install: () => boolean;
};

export class NoBrowserError extends Error {}

export function findChromium(probe: ChromiumProbe): { path: string; source: "CHROMIUM_PATH" | "playwright" | "system" | "installed" } {
  if (probe.configured) {
    if (probe.exists(probe.configured)) return { path: probe.configured, source: "CHROMIUM_PATH" };
    throw new NoBrowserError(`CHROMIUM_PATH=${probe.configured} does not exist: point it at a Chromium or Chrome executable, or unset it.`);
  }
  const own = probe.playwrightPath();
  if (probe.exists(own)) return { path: own, source: "playwright" };
  const system = SYSTEM_BROWSERS.find((file) => probe.exists(file));
  if (system) return { path: system, source: "system" };
  if (probe.install() && probe.exists(probe.playwrightPath())) return { path: probe.playwrightPath(), source: "installed" };
  throw new NoBrowserError(
    "No Chromium for the browser tests: Playwright's is not installed, none found at /usr/bin/chromium or google-chrome, and `npx playwright install chromium` failed (set CHROMIUM_PATH to a Chromium or Chrome executable).",
  );
}

export function systemChromiumProbe(playwrightPath: () => string): ChromiumProbe {
  return {
    configured: process.env.CHROMIUM_PATH || undefined,
    playwrightPath,
    exists: (file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    install: () => {
      process.stderr.write("No Chromium found: running `npx playwright install chromium`...\n");
      return spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" }).status === 0;
    },
  };
}
