import { createHash, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/platform/config/env";
import { AppError } from "@/lib/platform/errors/app-error";

// Vercel Cron calls its paths with `Authorization: Bearer <CRON_SECRET>`. Compared in
// constant time over sha256 digests (equal lengths whatever was presented). Without a
// configured CRON_SECRET the route refuses everyone: an open cron path would let anyone
// trigger outbound traffic.

export function authorizeCron(headers: Headers): void {
  const secret = config().cronSecret;
  if (!secret) {
    throw new AppError("SERVICE_UNAVAILABLE", "CRON_SECRET is not configured on this deployment; the cron route is disabled.", {
      reason: "cron_not_configured",
    });
  }
  const presented = /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1];
  if (!presented) throw new AppError("UNAUTHORIZED", "Missing Authorization: Bearer <CRON_SECRET>.", { reason: "missing_key" });
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(presented), digest(secret))) {
    throw new AppError("UNAUTHORIZED", "The cron secret is not valid.", { reason: "invalid_key" });
  }
}
