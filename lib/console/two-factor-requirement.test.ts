import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { encryptSecret } from "@/lib/platform/crypto/secret-box";
import { createTestOrg } from "@/lib/testing/fixtures";
import { createConsoleUser } from "@/lib/testing/console-session";

// An organization that requires two-factor sign-in: the console guard sends a member
// without it to the setup page (pages and actions alike), and only an admin who has it on
// can switch the requirement on. The session is the only thing stubbed.

const session = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("@/lib/auth/session", async () => (await import("@/lib/testing/console-session")).sessionModule(session));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { requireMember, requireGuestListViewer } = await import("./guard");
const { setTwoFactorRequirementAction } = await import("@/app/console/[orgId]/members/two-factor-actions");
const { createInviteAction } = await import("@/app/console/[orgId]/members/actions");

async function turnOn(userId: string) {
  await getDb().twoFactor.create({ data: { userId, secretSealed: encryptSecret("JBSWY3DPEHPK3PXP"), enabledAt: new Date() } });
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

let orgId: string;
let admin: SessionUser;
let member: SessionUser;

beforeAll(async () => {
  orgId = (await createTestOrg({ name: "Strict" })).id;
  admin = await createConsoleUser(orgId, "admin");
  member = await createConsoleUser(orgId, "member");
});

describe("requiring two-factor sign-in", () => {
  it("is refused for an admin without two-factor, and for a member; an admin with it switches it on, audited", async () => {
    session.user = admin;
    const refused = await setTwoFactorRequirementAction(null, form({ orgId, required: "true" }));
    expect(refused).toMatchObject({ ok: false, code: "CONFLICT", reason: "two_factor_off_for_you" });
    session.user = member;
    expect(await setTwoFactorRequirementAction(null, form({ orgId, required: "true" }))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect((await getDb().organization.findUniqueOrThrow({ where: { id: orgId } })).requireTwoFactor).toBe(false);

    await turnOn(admin.id);
    session.user = admin;
    expect(await setTwoFactorRequirementAction(null, form({ orgId, required: "true" }))).toMatchObject({ ok: true });
    expect((await getDb().organization.findUniqueOrThrow({ where: { id: orgId } })).requireTwoFactor).toBe(true);
    const audit = await getDb().auditEntry.findFirst({ where: { orgId, action: "organization.two_factor_required" } });
    expect(audit).toMatchObject({ actorId: admin.id });
  });

  it("sends a member without two-factor to the setup page, from pages and from actions; with it on, the organization opens", async () => {
    await getDb().organization.update({ where: { id: orgId }, data: { requireTwoFactor: true } });
    session.user = member;
    const setup = `NEXT_REDIRECT;replace;/console/account/two-factor?required=${orgId};307;`;
    await expect(requireMember(orgId)).rejects.toMatchObject({ digest: setup });
    await expect(requireGuestListViewer(orgId)).rejects.toMatchObject({ digest: setup });
    // An action of the organization (an admin's, here run by a member made admin) goes the same way.
    await getDb().membership.update({ where: { orgId_userId: { orgId, userId: member.id } }, data: { role: "admin" } });
    await expect(createInviteAction(null, form({ orgId, email: "someone@example.com", role: "member" }))).rejects.toMatchObject({ digest: setup });
    expect(await getDb().invite.count({ where: { orgId } })).toBe(0);

    await turnOn(member.id);
    await expect(requireMember(orgId)).resolves.toMatchObject({ org: { id: orgId } });
  });
});
