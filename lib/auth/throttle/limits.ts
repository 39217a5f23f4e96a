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
