import { OPERATOR } from "@/lib/domain/audit/record";
import { testActor } from "@/lib/testing/actor";
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createTestOrg } from "@/lib/testing/fixtures";
import {
  INVITE_TTL_MS,
  acceptInvite,
  acceptInviteWithNewAccount,
  createInvite,
  findInviteByToken,
  revokeInvite,
} from "./invites";
import { signUpWithOrganization } from "./sign-up";

// One-time invitation links: only the token's hash is stored, they expire after 7 days,
// work once, only for the invited address.

const email = () => `guest-${randomBytes(4).toString("hex")}@example.com`;
const password = "another long password";

let orgId: string;
let adminId: string;

beforeAll(async () => {
  const { user, org } = await signUpWithOrganization({ email: email(), password, orgName: "Inviting org" });
  orgId = org.id;
  adminId = user.id;
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((e) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function membershipOf(userEmail: string) {
  return getDb().membership.findFirst({ where: { orgId, user: { email: userEmail } } });
}

describe("createInvite", () => {
  it("stores only the sha256 of a 256-bit token and expires in 7 days", async () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    const { invite, token } = await createInvite(orgId, { email: email(), role: "admin" }, testActor(adminId), now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await getDb().invite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(INVITE_TTL_MS);
    expect(row.createdById).toBe(adminId);
  });

  it("replaces a pending invite for the same address: the old link stops working", async () => {
    const address = email();
    const first = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId));
    const second = await createInvite(orgId, { email: address.toUpperCase(), role: "member" }, testActor(adminId));
    expect(await findInviteByToken(first.token)).toBeNull();
    expect((await findInviteByToken(second.token))?.id).toBe(second.invite.id);
  });

  it("refuses someone who is already a member", async () => {
    const admin = await getDb().user.findUniqueOrThrow({ where: { id: adminId } });
    const error = await refusal(createInvite(orgId, { email: admin.email, role: "member" }, testActor(adminId)));
    expect(error.code).toBe("CONFLICT");
    expect(error.details?.reason).toBe("already_member");
  });

  it("validates email and role", async () => {
    const error = await refusal(createInvite(orgId, { email: "nope", role: "owner" as "admin" }, testActor(adminId)));
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details?.fields as object).sort()).toEqual(["email", "role"]);
  });
});

describe("acceptInvite (signed-in user)", () => {
  async function userWith(address: string) {
    return getDb().user.create({ data: { email: address, passwordHash: null } });
  }

  it("joins with the invited role when the address matches in any case, once", async () => {
    const address = email();
    const { token } = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId));
    const user = await userWith(address.toUpperCase());
    await expect(acceptInvite(token, user.id)).resolves.toEqual({ orgId, role: "member" });
    expect((await membershipOf(address))?.role).toBe("member");
    const again = await refusal(acceptInvite(token, user.id));
    expect([again.code, again.details?.reason]).toEqual(["CONFLICT", "invite_used"]);
  });

  it("refuses another address and leaves the invite usable", async () => {
    const address = email();
    const { token } = await createInvite(orgId, { email: address, role: "admin" }, testActor(adminId));
    const intruder = await userWith(email());
    const error = await refusal(acceptInvite(token, intruder.id));
    expect([error.code, error.details?.reason]).toEqual(["FORBIDDEN", "invite_email_mismatch"]);
    expect(await getDb().membership.count({ where: { orgId, userId: intruder.id } })).toBe(0);
    const rightful = await userWith(address);
    await expect(acceptInvite(token, rightful.id)).resolves.toMatchObject({ role: "admin" });
  });

  it("refuses an expired invite", async () => {
    const address = email();
    const created = new Date(Date.now() - INVITE_TTL_MS - 1000);
    const { token } = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId), created);
    const user = await userWith(address);
    const error = await refusal(acceptInvite(token, user.id));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "invite_expired"]);
    expect(await membershipOf(address)).toBeNull();
  });

  it("refuses a token that was never issued, and a revoked one", async () => {
    const user = await userWith(email());
    const unknown = await refusal(acceptInvite(randomBytes(32).toString("base64url"), user.id));
    expect(unknown.code).toBe("NOT_FOUND");
    const { invite, token } = await createInvite(orgId, { email: user.email, role: "member" }, testActor(adminId));
    await revokeInvite(orgId, invite.id, OPERATOR);
    expect((await refusal(acceptInvite(token, user.id))).code).toBe("NOT_FOUND");
  });

  it("keeps the role of someone who is already a member and uses the link up", async () => {
    const address = email();
    const { token } = await createInvite(orgId, { email: address, role: "admin" }, testActor(adminId));
    const user = await userWith(address);
    await getDb().membership.create({ data: { orgId, userId: user.id, role: "member" } });
    await acceptInvite(token, user.id);
    expect((await membershipOf(address))?.role).toBe("member");
    expect((await findInviteByToken(token))?.acceptedAt).not.toBeNull();
  });
});

describe("acceptInviteWithNewAccount", () => {
  it("creates the user with the invited address and joins in one step", async () => {
    const address = email();
    const { token } = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId));
    await expect(acceptInviteWithNewAccount(token, { name: "Grace", password })).resolves.toMatchObject({ orgId, role: "member", email: address });
    expect((await membershipOf(address))?.role).toBe("member");
    const again = await refusal(acceptInviteWithNewAccount(token, { name: "Grace", password }));
    expect(again.details?.reason).toBe("invite_used");
  });

  it("lets only one of two simultaneous acceptances through", async () => {
    const address = email();
    const { token } = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId));
    const results = await Promise.allSettled([
      acceptInviteWithNewAccount(token, { password }),
      acceptInviteWithNewAccount(token, { password }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason.details.reason).toBe("invite_used");
    expect(await getDb().user.count({ where: { email: address } })).toBe(1);
  });

  it("refuses when an account with that address exists, writing nothing", async () => {
    const address = email();
    await getDb().user.create({ data: { email: address, passwordHash: null } });
    const { invite, token } = await createInvite(orgId, { email: address, role: "member" }, testActor(adminId));
    const error = await refusal(acceptInviteWithNewAccount(token, { password }));
    expect([error.code, error.details?.reason]).toEqual(["CONFLICT", "email_taken"]);
    expect(await membershipOf(address)).toBeNull();
    expect((await getDb().invite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeNull();
  });

  it("refuses a short password before touching the invite", async () => {
    const { invite, token } = await createInvite(orgId, { email: email(), role: "member" }, testActor(adminId));
    expect((await refusal(acceptInviteWithNewAccount(token, { password: "short" }))).code).toBe("INVALID_INPUT");
    expect((await getDb().invite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeNull();
  });
});

describe("revokeInvite", () => {
  it("is scoped to the organization", async () => {
    const other = await createTestOrg();
    const { invite } = await createInvite(orgId, { email: email(), role: "member" }, testActor(adminId));
    expect((await refusal(revokeInvite(other.id, invite.id, OPERATOR))).code).toBe("NOT_FOUND");
    await revokeInvite(orgId, invite.id, OPERATOR);
    expect(await getDb().invite.findUnique({ where: { id: invite.id } })).toBeNull();
    expect((await refusal(revokeInvite(orgId, "not-a-uuid", OPERATOR))).code).toBe("NOT_FOUND");
  });
});
