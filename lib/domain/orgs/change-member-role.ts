import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/domain/audit/record";
import { getDb } from "@/lib/platform/db/client";
import { validationError } from "@/lib/platform/errors/app-error";
import { lastAdmin, lockMembership, memberTarget } from "./lock-memberships";
import { WRITE_TRANSACTION } from "@/lib/platform/db/write-transaction";

export const memberRoleSchema = z.enum(["admin", "member", "door_staff"], { message: "Choose admin, member or door staff." });

/** Sets a member's role. Demoting the last admin is refused (409 last_admin); the same role is a no-op. */
export async function changeMemberRole(
  orgId: string,
  membershipId: string,
  role: unknown,
  actor: Actor,
): Promise<{ changed: boolean; role: "admin" | "member" | "door_staff" }> {
  const parsed = memberRoleSchema.safeParse(role);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ ...issue, path: ["role"] })));
  const next = parsed.data;
  return getDb().$transaction(async (tx) => {
    const { target, admins } = await lockMembership(tx, orgId, membershipId);
    if (target.role === next) return { changed: false, role: next };
    if (target.role === "admin" && admins <= 1) throw lastAdmin("demoted");
    await tx.membership.update({ where: { id: target.id }, data: { role: next } });
    await recordAudit(tx, orgId, actor, {
      action: "member.role_changed",
      target: await memberTarget(tx, target),
      summary: { role: { from: target.role, to: next } },
    });
    return { changed: true, role: next };
  }, WRITE_TRANSACTION);
}
