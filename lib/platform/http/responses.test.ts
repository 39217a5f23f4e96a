import { describe, expect, it } from "vitest";
import { newRequestId } from "./responses";

describe("newRequestId", () => {
  it("keeps its shape: req_ and 32 lowercase hex digits", () => {
    for (let i = 0; i < 100; i++) expect(newRequestId()).toMatch(/^req_[0-9a-f]{32}$/);
  });

  it("sorts ids made later after earlier ones, and never repeats one within a millisecond", () => {
    const at = Date.parse("2026-11-29T08:00:00.000Z");
    const sameMillisecond = new Set(Array.from({ length: 10_000 }, () => newRequestId(at)));
    expect(sameMillisecond.size).toBe(10_000);
    const ids = [at - 86_400_000, at - 1, at, at + 1, at + 3_600_000].map((time) => newRequestId(time));
    expect([...ids].sort()).toEqual(ids);
  });
});
