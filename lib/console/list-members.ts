import { getDb } from "@/lib/platform/db/client";
import { pageInfo, pageRequest, type PageInfo } from "./pagination";

export type MemberRow = { id: string; userId: string; email: string; name: string; role: "admin" | "member" | "door_staff"; joinedAt: Date };

/**
 * One page of the organization's members, admins first, then by join date, and how many
 * admins there are (the last one is offered neither "Make member" nor "Remove").
 */
export async function listMembers(orgId: string, requestedPage = 1): Promise<{ rows: MemberRow[]; page: PageInfo; adminCount: number }> {
  const db = getDb();
  const [total, adminCount] = await Promise.all([db.membership.count({ where: { orgId } }), db.membership.count({ where: { orgId, role: "admin" } })]);
  const { page, skip, take } = pageRequest(requestedPage, total);
  const members = await db.membership.findMany({
    where: { orgId },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    skip,
    take,
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  const rows = members.map((m) => ({
    id: m.id,
    userId: m.user.id,
    email: m.user.email,
    name: m.user.name,
    role: m.role,
    joinedAt: m.createdAt,
  }));
  return { rows, page: pageInfo(page, total, rows.length), adminCount };
}
