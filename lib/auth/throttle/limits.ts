// What is counted and how much of it is allowed per sliding 15-minute window. Sign-in
// counts failures only; sign-up and invite acceptance count every attempt (each one costs
// a password hash). "account" is the email typed (sign-in, sign-up) or the invitation.

export const THROTTLE_WINDOW_SECONDS = 15 * 60;

export type ThrottleAction = "sign-in" | "sign-up" | "invite" | "password-reset";

export const THROTTLE_LIMITS: Record<ThrottleAction, { account: number; ip: number }> = {
  "sign-in": { account: 10, ip: 100 },
  "sign-up": { account: 5, ip: 20 },
  invite: { account: 10, ip: 20 },
  // Each request may send a mail: fewer per address than sign-in failures.
  "password-reset": { account: 5, ip: 20 },
};

/**
 * The public sign-up and the invitation sign-up together, for the whole service: each
 * creates an account (a sign-up also an organization) and costs a password hash, so
 * however many addresses a flood comes from, it creates at most this many per window.
 * A flood can then hold up new sign-ups until the window moves on, never sign-ins.
 * SIGN_UP_GLOBAL_LIMIT overrides it (a launch day, or a test suite that signs up a lot).
 */
export const NEW_ACCOUNT_GLOBAL_LIMIT = 100;

export function newAccountGlobalLimit(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SIGN_UP_GLOBAL_LIMIT);
  return Number.isInteger(value) && value > 0 ? value : NEW_ACCOUNT_GLOBAL_LIMIT;
}
