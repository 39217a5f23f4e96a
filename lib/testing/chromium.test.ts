import { describe, expect, it } from "vitest";
import { findChromium, NoBrowserError, type ChromiumProbe } from "./chromium";

const OWN = "/home/me/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

function probe(files: string[], options: { configured?: string; installs?: string[] } = {}) {
  const present = new Set(files);
  const calls = { install: 0 };
  const value: ChromiumProbe = {
    configured: options.configured,
    playwrightPath: () => OWN,
    exists: (file) => present.has(file),
    install: () => {
      calls.install += 1;
      for (const file of options.installs ?? []) present.add(file);
      return (options.installs ?? []).length > 0;
    },
  };
  return { value, calls };
}

describe("findChromium", () => {
  it.each([
    ["Playwright's own build first", [OWN, "/usr/bin/chromium"], {}, { path: OWN, source: "playwright" }],
    ["a system Chromium next", ["/usr/bin/chromium"], {}, { path: "/usr/bin/chromium", source: "system" }],
    ["Google Chrome", ["/usr/bin/google-chrome"], {}, { path: "/usr/bin/google-chrome", source: "system" }],
    ["CHROMIUM_PATH over everything", [OWN, "/opt/chrome"], { configured: "/opt/chrome" }, { path: "/opt/chrome", source: "CHROMIUM_PATH" }],
    ["installs Playwright's build when nothing is there", [], { installs: [OWN] }, { path: OWN, source: "installed" }],
  ])("takes %s", (_name, files, options, expected) => {
    const { value, calls } = probe(files, options);
    expect(findChromium(value)).toEqual(expected);
    expect(calls.install).toBe(expected.source === "installed" ? 1 : 0);
  });

  it("fails with one line when nothing works", () => {
    const { value } = probe([], { installs: [] });
    expect(() => findChromium(value)).toThrow(NoBrowserError);
    expect(() => findChromium(value)).toThrow(/^No Chromium for the browser tests: [^\n]+$/);
  });

  it("refuses a CHROMIUM_PATH that does not exist rather than silently taking another browser", () => {
    const { value } = probe([OWN], { configured: "/nope" });
    expect(() => findChromium(value)).toThrow(/^CHROMIUM_PATH=\/nope does not exist/);
  });
});
