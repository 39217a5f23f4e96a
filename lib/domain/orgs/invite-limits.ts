import { countInWindows } from "@/lib/auth/throttle/throttle";
import type { Actor } from "@/lib/domain/audit/record";
import { AppError } from "@/lib/platform/errors/app-error";

// Every invitation may send an email whose subject and body carry the organization's name
// and the inviter's name, both chosen by whoever signed up. Bounded per 15-minute window
// (the auth throttle's sliding window) so the mail cannot be a relay: per organization,
// per inviting person (across their organizations) and per invited address (across every
// organization, so no address is flooded).

export const INVITE_LIMITS = { organization: 20, inviter: 20, recipient: 3 } as const;

/** Counts an invitation about to be made, or refuses it with a message the invite form shows. */
export async function countInvitation(orgId: string, email: string, actor: Actor): Promise<void> {
  const buckets = [
    { scope: "organization", value: orgId, limit: INVITE_LIMITS.organization },
    ...(actor.type === "user" ? [{ scope: "inviter", value: actor.userId, limit: INVITE_LIMITS.inviter }] : []),
    { scope: "recipient", value: email.trim().toLowerCase(), limit: INVITE_LIMITS.recipient },
  ];
  const refused = await countInWindows("invitation", buckets);
  if (!refused) return;
  const minutes = Math.ceil(refused.retryAfterSeconds / 60);
  const wait = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const details = { reason: "too_many_invitations", limit: refused.scope, retryAfterSeconds: refused.retryAfterSeconds };
  const headers = { "retry-after": String(refused.retryAfterSeconds) };
  if (refused.scope === "recipient") {
    const message = `This address was invited too often recently. ${wait}`;
    throw new AppError("RATE_LIMITED", message, { ...details, fields: { email: { code: "too_many_invitations", message } } }, headers);
  }
  const who = refused.scope === "organization" ? "This organization has" : "You have";
  throw new AppError("RATE_LIMITED", `${who} sent ${INVITE_LIMITS[refused.scope as "organization" | "inviter"]} invitations in the last 15 minutes. ${wait}`, details, headers);
}
