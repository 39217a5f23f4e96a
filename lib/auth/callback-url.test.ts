import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it.each([
    ["/console/abc?page=2#keys", "/console/abc?page=2#keys"],
    ["/invite/tok_en", "/invite/tok_en"],
    [undefined, "/console"],
    ["", "/console"],
    ["https://evil.example/console", "/console"],
    ["//evil.example", "/console"],
    ["/\\evil.example", "/console"],
    ["javascript:alert(1)", "/console"],
    ["/\u0000/x", "/console"],
    ["console", "/console"],
  ])("%s → %s", (input, expected) => {
    expect(safeCallbackPath(input)).toBe(expected);
  });
});
