import { describe, expect, it } from "vitest";
import { floorRpsAtSize } from "./floors";

// The framework floor at a page's size: on the line through two no-database responses,
// in time per request against body size.

const small = { rps: 1_000, bodyBytes: 200 }; // 1 ms a request
const large = { rps: 500, bodyBytes: 100_200 }; // 2 ms a request

describe("floorRpsAtSize", () => {
  it("is each measured response's own rate at its size", () => {
    expect(floorRpsAtSize(small, large, 200)).toBeCloseTo(1_000, 6);
    expect(floorRpsAtSize(small, large, 100_200)).toBeCloseTo(500, 6);
  });

  it("interpolates time per request, not requests per second", () => {
    // Halfway in size is 1.5 ms a request: 667/s, not the 750/s of averaging the rates.
    expect(floorRpsAtSize(small, large, 50_200)).toBeCloseTo(1_000 / 1.5, 6);
    expect(floorRpsAtSize(small, large, 75_600)).toBeCloseTo(1_000 / 1.754, 6);
  });

  it("does not extrapolate beyond the two sizes", () => {
    expect(floorRpsAtSize(small, large, 0)).toBeCloseTo(1_000, 6);
    expect(floorRpsAtSize(small, large, 1_000_000)).toBeCloseTo(500, 6);
  });

  it("refuses a pair that is not two measured sizes", () => {
    expect(() => floorRpsAtSize(small, { ...large, bodyBytes: 200 }, 1_000)).toThrow();
    expect(() => floorRpsAtSize({ ...small, rps: 0 }, large, 1_000)).toThrow();
  });
});
