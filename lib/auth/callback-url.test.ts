import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

const OWN = "https://console.example.com";

// Each of these either names another host outright or is normalised by a browser (or by
// the WHATWG parser after our own resolution) into one that does.
const hostile = [
  "https://evil.example/console",
  "http://evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/console",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/./\\evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/%2e//evil.example",
  "/.%2e//evil.example",
  "/%252e%252e//evil.example",
  "/%2f%2fevil.example",
  "/%2F/evil.example",
  "/%5cevil.example",
  "/%255cevil.example",
  "/console//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000/x",
  "/\u007f/evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "https://console.example.com@evil.example/",
  "https://console.example.com.evil.example/console",
  "//console.example.com@evil.example",
  "https://user:pass@console.example.com/console",
  "http://console.example.com/console",
  "https:evil.example",
  "https:/evil.example",
  "console",
  "evil.example",
  "?callbackUrl=//evil.example",
  "#//evil.example",
  `/${"a".repeat(3000)}`,
];

describe("safeCallbackPath refuses every hostile form", () => {
  it.each(hostile)("%j → /console", (input) => {
    expect(safeCallbackPath(input, undefined, OWN)).toBe("/console");
  });

  it("has at least 25 hostile forms", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(25);
  });
});

describe("safeCallbackPath keeps our own paths", () => {
  it.each([
    ["/console", "/console"],
    ["/console/abc?page=2#keys", "/console/abc?page=2#keys"],
    ["/console/8a3e6f40-0000-4000-8000-000000000000/api-keys", "/console/8a3e6f40-0000-4000-8000-000000000000/api-keys"],
    ["/invite/tok_en-Abc", "/invite/tok_en-Abc"],
    ["/console/x/deliveries?status=failed&q=100%25", "/console/x/deliveries?status=failed&q=100%25"],
    ["/console/x?next=//elsewhere", "/console/x?next=//elsewhere"],
    ["/console/./x/../y", "/console/y"],
    ["https://console.example.com/console/abc?x=1", "/console/abc?x=1"],
    ["HTTPS://CONSOLE.EXAMPLE.COM/console", "/console"],
  ])("%j → %j", (input, expected) => {
    expect(safeCallbackPath(input, undefined, OWN)).toBe(expected);
  });

  it.each([undefined, null, ""])("%j falls back to the console home", (input) => {
    expect(safeCallbackPath(input)).toBe("/console");
  });

  it("uses the caller's fallback", () => {
    expect(safeCallbackPath("//evil.example", "/sign-in")).toBe("/sign-in");
  });

  it("without an origin, absolute URLs are refused and paths kept", () => {
    expect(safeCallbackPath("https://console.example.com/console/abc")).toBe("/console");
    expect(safeCallbackPath("/console/abc")).toBe("/console/abc");
  });
});
