import { randomInt } from "node:crypto";

// Badge code rules (spec, "Badge code rules"): six uppercase characters from a
// 31-character alphabet without look-alikes; five random data characters and a check
// character that catches any single wrong character and any adjacent swap (31 is prime,
// and the weights 1..5 are distinct and non-zero modulo 31).

export const BADGE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const DATA_LENGTH = 5;

export function checkCharacter(data: string): string {
  let sum = 0;
  for (let position = 0; position < data.length; position++) {
    sum += (position + 1) * BADGE_ALPHABET.indexOf(data[position]);
  }
  return BADGE_ALPHABET[sum % BADGE_ALPHABET.length];
}

/** A new code from cryptographic randomness; uniqueness per event is the database's job. */
export function generateBadgeCode(): string {
  let data = "";
  for (let i = 0; i < DATA_LENGTH; i++) data += BADGE_ALPHABET[randomInt(BADGE_ALPHABET.length)];
  return data + checkCharacter(data);
}

/** What people type (spaces, dashes, lowercase) turned into the stored form. */
export function normalizeBadgeCode(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

/** True for a stored-form code: six alphabet characters whose last is the right check character. */
export function isValidBadgeCode(code: string): boolean {
  if (code.length !== DATA_LENGTH + 1) return false;
  for (const char of code) if (!BADGE_ALPHABET.includes(char)) return false;
  return checkCharacter(code.slice(0, DATA_LENGTH)) === code[DATA_LENGTH];
}

/** The grouping people see: "ABC-DEF". */
export function formatBadgeCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}
