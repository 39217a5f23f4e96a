import { z } from "zod";
import { AppError } from "@/lib/platform/errors/app-error";
import type { Prisma } from "@/lib/generated/prisma/client";

// Shared by removeMember and changeMemberRole. Locking every membership row of the
// organization serializes these changes, so two admins demoting each other at once
// cannot leave the organization with none: the second sees the first's result.

type Row = { id: string; userId: string; role: "admin" | "member" | "door_staff" };

export async function lockMembership(tx: Prisma.TransactionClient, orgId: string, membershipId: string): Promise<{ target: Row; admins: number }> {
  if (!z.uuid().safeParse(membershipId).success) throw new AppError("NOT_FOUND", "No such member.");
  const rows = await tx.$queryRaw<Row[]>`
    SELECT id, "userId", role::text AS role FROM "Membership" WHERE "orgId" = ${orgId}::uuid ORDER BY id FOR UPDATE`;
  const target = rows.find((row) => row.id === membershipId);
  if (!target) throw new AppError("NOT_FOUND", "No such member.");
  return { target, admins: rows.filter((row) => row.role === "admin").length };
}

export function lastAdmin(what: string): AppError {
  return new AppError("CONFLICT", `The last admin cannot be ${what}: make someone else an admin first.`, { reason: "last_admin" });
}

/** The audit target of a membership: the person (their user id and email). */
export async function memberTarget(tx: Prisma.TransactionClient, row: Pick<Row, "userId">) {
  const user = await tx.user.findUnique({ where: { id: row.userId }, select: { email: true } });
  return { type: "member", id: row.userId, label: user?.email ?? null };
}
