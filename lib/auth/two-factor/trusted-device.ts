import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/platform/db/client";
import { tokenHash } from "./challenge";

// "Remember this device for 30 days": the browser keeps a random token in an httpOnly
// cookie; only its sha256 is stored, with the user and an expiry. A remembered device
// skips the code, never the password. Every device of a user is forgotten when
// two-factor is turned off or the password changes (forgetDevices).

export const TRUSTED_DEVICE_DAYS = 30;
export const TRUSTED_DEVICE_SECONDS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60;

export async function rememberDevice(userId: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = getDb();
  await db.trustedDevice.deleteMany({ where: { userId, expiresAt: { lt: now } } });
  await db.trustedDevice.create({ data: { userId, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_SECONDS * 1000) } });
  return token;
}

export async function isTrustedDevice(userId: string, token: string | undefined, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const device = await getDb().trustedDevice.findUnique({ where: { tokenHash: tokenHash(token) } });
  return device !== null && device.userId === userId && device.expiresAt > now;
}

export function forgetDevicesQuery(userId: string) {
  return getDb().trustedDevice.deleteMany({ where: { userId } });
}
