import { AppError } from "@/lib/platform/errors/app-error";
import { generateBadgeCode } from "./badge-code";

// Badge codes are unique per event, and the database's unique index (eventId, badgeCode)
// is the arbiter: a caller tries to store a fresh code and reports when the index refused
// it. There are 31^5 (about 28.6 million) codes per event, so even at 100,000 attendees a
// random code is taken 0.35% of the time and five misses in a row (about 5e-13) means
// something is wrong rather than unlucky.

export const BADGE_CODE_ATTEMPTS = 5;

/** What a `tryCode` callback returns when the code was already taken on the event. */
export const BADGE_CODE_TAKEN: unique symbol = Symbol("badge code taken");

export async function withUniqueBadgeCode<T>(tryCode: (code: string) => Promise<T | typeof BADGE_CODE_TAKEN>): Promise<T> {
  for (let attempt = 0; attempt < BADGE_CODE_ATTEMPTS; attempt++) {
    const result = await tryCode(generateBadgeCode());
    if (result !== BADGE_CODE_TAKEN) return result as T;
  }
  throw new AppError("INTERNAL", "Could not assign a unique badge code. Retry the request.");
}
