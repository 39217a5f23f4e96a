import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

// An organization can require two-factor sign-in of every member: the console guard then
// sends a member without it to set it up before anything of that organization opens. The
// admin switching it on must have it on already, so nobody locks themselves out by
// accident and the requirement never starts with its own author failing it.

export async function setTwoFactorRequirement(orgId: string, required: boolean, actor: Actor): Promise<{ changed: boolean }> {
  const db = getDb();
  if (required && actor.type === "user") {
    const own = await db.twoFactor.findUnique({ where: { userId: actor.userId }, select: { enabledAt: true } });
    if (!own?.enabledAt) {
      throw new AppError("CONFLICT", "Turn on two-factor sign-in for your own account first (Your account → Two-factor sign-in).", { reason: "two_factor_off_for_you" });
    }
  }
  return db.$transaction(async (tx) => {
    const { count } = await tx.organization.updateMany({ where: { id: orgId, requireTwoFactor: !required }, data: { requireTwoFactor: required } });
    if (count === 0) return { changed: false };
    await recordAudit(tx, orgId, actor, {
      action: required ? "organization.two_factor_required" : "organization.two_factor_not_required",
      target: { type: "organization", id: orgId },
    });
    return { changed: true };
  }, WRITE_TRANSACTION);
}

/** How many members of the organization have two-factor sign-in on, of how many. */
export async function twoFactorCoverage(orgId: string): Promise<{ members: number; withTwoFactor: number }> {
  const db = getDb();
  const [members, withTwoFactor] = await Promise.all([
    db.membership.count({ where: { orgId } }),
    db.membership.count({ where: { orgId, user: { twoFactor: { enabledAt: { not: null } } } } }),
  ]);
  return { members, withTwoFactor };
}
