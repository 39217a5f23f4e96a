import { randomBytes, timingSafeEqual } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { newAccountHashGate, passwordHashQueue } from "./hash-queue";
import { scryptOnWorker } from "./scrypt-worker";

// scrypt at OWASP's current recommendation (N=2^17, r=8, p=1). The stored form names the
// algorithm and its parameters ("scrypt$N$r$p$salt$hash", base64url salt and hash), so
// hashes made at an older cost still verify and are recognised as needing an upgrade.
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
// Highest N accepted from a stored hash: a tampered row must not make us allocate gigabytes.
const MAX_STORED_N = 2 ** 20;

type ScryptParams = { N: number; r: number; p: number };

/** scrypt needs 128 * N * r bytes (plus a little); Node's default cap of 32 MiB is below N=2^17. */
function maxmemFor({ N, r, p }: ScryptParams): number {
  return 128 * N * r + 128 * r * p + 1024 * 1024;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return passwordHashQueue().run(async () => {
    const started = performance.now();
    const key = await scryptOnWorker(password, salt, KEY_LENGTH, { ...params, maxmem: maxmemFor(params) });
    if (params.N === SCRYPT_PARAMS.N && params.r === SCRYPT_PARAMS.r && params.p === SCRYPT_PARAMS.p) recordHashDuration(performance.now() - started);
    return key;
  });
}

// How long recent hashes at today's cost took on this process, so that a sign-in for an
// address without a password can take as long as one that checked a password, without
// spending the CPU (lib/auth/credentials.ts).
const RECENT_HASHES = 32;
const recent = globalThis as unknown as { recentHashMs?: number[]; calibration?: Promise<unknown> };

function recordHashDuration(ms: number): void {
  const list = (recent.recentHashMs ??= []);
  list.push(ms);
  if (list.length > RECENT_HASHES) list.shift();
}

/** The recent hash durations at today's cost, in milliseconds (for tests and the bench). */
export function recentHashDurations(): number[] {
  return [...(recent.recentHashMs ?? [])];
}

/** One of the recent hash durations, at random; the first call on a process hashes once to have one. */
async function recentHashDuration(): Promise<number> {
  if (!recent.recentHashMs?.length) {
    recent.calibration ??= hashPassword(randomBytes(16).toString("base64url")).finally(() => (recent.calibration = undefined));
    await recent.calibration;
  }
  const list = recent.recentHashMs ?? [];
  return list[Math.floor(Math.random() * list.length)] ?? 0;
}

/**
 * Looks like a failed password check from outside: waits for a turn in the hash queue (and
 * is refused when it is full) as a check would, then as long as a recent check took. Costs
 * no hash, so guesses at addresses that have no password cannot slow down real sign-ins.
 */
export async function imitatePasswordCheck(): Promise<false> {
  const duration = await recentHashDuration();
  await passwordHashQueue().turn();
  await sleep(duration);
  return false;
}

function format(params: ScryptParams, salt: Buffer, hash: Buffer): string {
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

type Parsed = { params: ScryptParams; salt: Buffer; hash: Buffer };

function parse(stored: string): Parsed | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_STORED_N || !Number.isInteger(params.r) || !Number.isInteger(params.p)) return null;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null;
  return { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(SCRYPT_PARAMS, salt, await derive(password, salt, SCRYPT_PARAMS));
}

/** hashPassword for an account someone without one is creating: through the new-account gate (hash-queue.ts). */
export async function hashNewAccountPassword(password: string): Promise<string> {
  return newAccountHashGate().run(() => hashPassword(password));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made with other parameters than today's (re-hash it after a successful sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p || parsed.salt.length < SALT_BYTES;
}

/** A hash in the format used before 2026-11 (N=2^14), for tests of the upgrade path. */
export async function hashPasswordWithParams(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(params, salt, await derive(password, salt, params));
}
