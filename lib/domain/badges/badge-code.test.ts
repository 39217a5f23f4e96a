import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BADGE_ALPHABET,
  checkCharacter,
  formatBadgeCode,
  generateBadgeCode,
  isValidBadgeCode,
  normalizeBadgeCode,
} from "./badge-code";

const alphabetChar = fc.constantFrom(...BADGE_ALPHABET.split(""));
const dataPart = fc.array(alphabetChar, { minLength: 5, maxLength: 5 }).map((chars) => chars.join(""));
const validCode = dataPart.map((data) => data + checkCharacter(data));

describe("badge codes", () => {
  it("computes the check character of the spec's formula", () => {
    // "2" is index 0, so "22222" sums to 0 → "2".
    expect(checkCharacter("22222")).toBe("2");
    // "23456" is indexes 0..4: 1*0 + 2*1 + 3*2 + 4*3 + 5*4 = 40; 40 mod 31 = 9 → "B".
    expect(checkCharacter("23456")).toBe("B");
    // "ZZZZZ" is index 30 each: 30 * 15 = 450; 450 mod 31 = 16 → "J".
    expect(checkCharacter("ZZZZZ")).toBe("J");
  });

  it("generates codes that validate", () => {
    for (let i = 0; i < 2000; i++) {
      const code = generateBadgeCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
      expect(isValidBadgeCode(code)).toBe(true);
    }
  });

  it("rejects every single-character substitution of a valid code", () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 0, max: 5 }), alphabetChar, (code, position, replacement) => {
        fc.pre(code[position] !== replacement);
        const changed = code.slice(0, position) + replacement + code.slice(position + 1);
        expect(isValidBadgeCode(changed)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it("rejects every adjacent swap of a valid code", () => {
    fc.assert(
      fc.property(validCode, fc.integer({ min: 0, max: 4 }), (code, position) => {
        fc.pre(code[position] !== code[position + 1]);
        const swapped = code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        expect(isValidBadgeCode(swapped)).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["", false],
    ["ABCDE", false],
    ["ABCDEFG", false],
    ["0BCDEF", false], // 0 is not in the alphabet
    ["abcdef", false], // stored form is uppercase
  ])("isValidBadgeCode(%j) is %s", (input, expected) => {
    expect(isValidBadgeCode(input)).toBe(expected);
  });

  it("normalises what people type and formats for display", () => {
    const code = generateBadgeCode();
    const grouped = formatBadgeCode(code);
    expect(grouped).toMatch(/^.{3}-.{3}$/);
    expect(normalizeBadgeCode(` ${grouped.toLowerCase()} `)).toBe(code);
    expect(normalizeBadgeCode("ab c-d e f")).toBe("ABCDEF");
  });
});
