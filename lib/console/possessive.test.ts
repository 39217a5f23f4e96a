import { describe, expect, it } from "vitest";
import { possessive } from "./possessive";

describe("possessive", () => {
  it("adds ’s to a name that does not end in s", () => {
    expect(possessive("Ana")).toBe("Ana’s");
    expect(possessive("Acme Inc")).toBe("Acme Inc’s");
  });

  it("adds the apostrophe alone to a name ending in s, whatever its case", () => {
    expect(possessive("James")).toBe("James’");
    expect(possessive("Acme Events")).toBe("Acme Events’");
    expect(possessive("ACME EVENTS")).toBe("ACME EVENTS’");
  });

  it("ignores surrounding spaces", () => {
    expect(possessive(" Chris ")).toBe("Chris’");
  });
});
