import { randomBytes, randomInt } from "node:crypto";

// Content randomness for demo data (names, times, picks). A seeded generator makes a run
// reproducible from its seed; it is never used for secrets (QR tokens and badge codes
// come from node:crypto).

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct items (or all of them, shuffled, when there are fewer). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Picks by weight: `[[value, weight], ...]`. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T;
};

/** mulberry32: small, fast, good enough for picking demo content. */
export function createRng(seed: number = randomInt(2 ** 31)): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    sample: (items, count) => {
      const copy = items.slice();
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1][0];
    },
  };
}

/** `count` opaque tokens of 32 random bytes each (base64url), drawn in one call. */
export function randomTokens(count: number): string[] {
  const TOKEN_BYTES = 32;
  const pool = randomBytes(TOKEN_BYTES * count);
  const tokens = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    tokens[i] = pool.subarray(i * TOKEN_BYTES, (i + 1) * TOKEN_BYTES).toString("base64url");
  }
  return tokens;
}
