import { describe, expect, it } from "vitest";
import { withoutControlCharacters } from "./query-controls";

describe("withoutControlCharacters (proxy.ts, every page's query string)", () => {
  it("drops NUL and other controls from the console filters, keeping the rest", () => {
    for (const name of ["action", "target", "requestId", "route"]) {
      const cleaned = withoutControlCharacters(`http://x/console/o/audit?${name}=%00&from=2026-01-01`);
      expect(cleaned?.searchParams.get(name), name).toBe("");
      expect(cleaned?.searchParams.get("from"), name).toBe("2026-01-01");
    }
    expect(withoutControlCharacters("http://x/a?q=a%C2%9Bb%0Dc")?.searchParams.get("q")).toBe("abc");
    expect(withoutControlCharacters("http://x/a?%00=1&b=2")?.search).toBe("?b=2");
  });

  it("leaves a clean query alone (no redirect)", () => {
    expect(withoutControlCharacters("http://x/console/o/audit?action=key.created&target=caf%C3%A9")).toBeNull();
    expect(withoutControlCharacters("http://x/console")).toBeNull();
  });
});
