// The dates the console's filters and page cursors accept: 1970-01-01 to 9999-12-31 (UTC).
// JavaScript reads dates PostgreSQL cannot hold (year 0, -271821, +275760), and Date.UTC
// reads years 0–99 as 1900–1999; no row here is older than 1970. A date outside the range
// is treated like any other malformed value: as absent.

export const FIRST_DAY = "1970-01-01";
export const LAST_DAY = "9999-12-31";

const FIRST_MS = Date.parse(`${FIRST_DAY}T00:00:00.000Z`);
const LAST_MS = Date.parse(`${LAST_DAY}T23:59:59.999Z`);

/** A calendar day "YYYY-MM-DD" within the range (its shape only; whether it exists is the caller's check). */
export function dayInRange(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= FIRST_DAY && day <= LAST_DAY;
}

/** A valid date whose instant is within the range. */
export function instantInRange(date: Date): boolean {
  const ms = date.getTime();
  return ms >= FIRST_MS && ms <= LAST_MS;
}
