import { getDb } from "@/lib/platform/db/client";
import { lastAdmin, lockMembership } from "./lock-memberships";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

/** Removes a membership (the user keeps their account). The last admin cannot be removed (409 last_admin). */
export async function removeMember(orgId: string, membershipId: string): Promise<{ userId: string }> {
  return getDb().$transaction(async (tx) => {
    const { target, admins } = await lockMembership(tx, orgId, membershipId);
    if (target.role === "admin" && admins <= 1) throw lastAdmin("removed");
    await tx.membership.delete({ where: { id: target.id } });
    return { userId: target.userId };
  }, WRITE_TRANSACTION);
}
