import { OPERATOR } from "@/lib/domain/audit/record";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { createTestOrg } from "@/lib/testing/fixtures";
import { changeMemberRole } from "./change-member-role";
import { removeMember } from "./remove-member";

async function member(orgId: string, role: "admin" | "member") {
  const user = await getDb().user.create({ data: { email: `m-${randomBytes(4).toString("hex")}@example.com` } });
  return getDb().membership.create({ data: { orgId, userId: user.id, role } });
}
const roles = async (orgId: string) => (await getDb().membership.findMany({ where: { orgId }, orderBy: { id: "asc" } })).map((m) => m.role).sort();

describe("member changes", () => {
  it("changes a role both ways and removes a member", async () => {
    const orgId = (await createTestOrg()).id;
    await member(orgId, "admin");
    const other = await member(orgId, "member");
    expect(await changeMemberRole(orgId, other.id, "admin", OPERATOR)).toEqual({ changed: true, role: "admin" });
    expect(await changeMemberRole(orgId, other.id, "admin", OPERATOR)).toEqual({ changed: false, role: "admin" });
    expect(await changeMemberRole(orgId, other.id, "member", OPERATOR)).toEqual({ changed: true, role: "member" });
    await removeMember(orgId, other.id, OPERATOR);
    expect(await roles(orgId)).toEqual(["admin"]);
  });

  it("the last admin cannot be demoted or removed (409 last_admin)", async () => {
    const orgId = (await createTestOrg()).id;
    const admin = await member(orgId, "admin");
    await member(orgId, "member");
    await expect(changeMemberRole(orgId, admin.id, "member", OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "last_admin" } });
    await expect(removeMember(orgId, admin.id, OPERATOR)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "last_admin" } });
    expect(await roles(orgId)).toEqual(["admin", "member"]);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const orgId = (await createTestOrg()).id;
    const a = await member(orgId, "admin");
    const b = await member(orgId, "admin");
    const results = await Promise.allSettled([changeMemberRole(orgId, a.id, "member", OPERATOR), changeMemberRole(orgId, b.id, "member", OPERATOR)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await roles(orgId)).toEqual(["admin", "member"]);
  });

  it("refuses a bad role and another organization's membership", async () => {
    const orgId = (await createTestOrg()).id;
    const mine = await member(orgId, "member");
    await member(orgId, "admin");
    await expect(changeMemberRole(orgId, mine.id, "owner", OPERATOR)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const otherOrg = (await createTestOrg()).id;
    const theirs = await member(otherOrg, "member");
    for (const id of [theirs.id, randomUUID(), "x"]) {
      await expect(removeMember(orgId, id, OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(changeMemberRole(orgId, id, "admin", OPERATOR)).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await roles(otherOrg)).toEqual(["member"]);
  });
});
