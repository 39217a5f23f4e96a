import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { lastAdmin, lockMembership, memberTarget } from "./lock-memberships";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

/** Removes a membership (the user keeps their account). The last admin cannot be removed (409 last_admin). */
export async function removeMember(orgId: string, membershipId: string, actor: Actor): Promise<{ userId: string }> {
  return getDb().$transaction(async (tx) => {
    const { target, admins } = await lockMembership(tx, orgId, membershipId);
    if (target.role === "admin" && admins <= 1) throw lastAdmin("removed");
    const audited = await memberTarget(tx, target);
    await tx.membership.delete({ where: { id: target.id } });
    await recordAudit(tx, orgId, actor, { action: "member.removed", target: audited, summary: { role: target.role } });
    return { userId: target.userId };
  }, WRITE_TRANSACTION);
}
