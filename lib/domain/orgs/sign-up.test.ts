import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/passwords";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors/app-error";
import { createOrganizationForUser, signUpWithOrganization } from "./sign-up";

// Sign-up writes user, organization and admin membership together or not at all.

const uniqueEmail = () => `owner-${randomBytes(4).toString("hex")}@example.com`;
const password = "correct horse battery";

async function counts(orgName: string, email: string) {
  const db = getDb();
  return {
    users: await db.user.count({ where: { email } }),
    orgs: await db.organization.count({ where: { name: orgName } }),
  };
}

describe("signUpWithOrganization", () => {
  it("creates the user, the organization and an admin membership", async () => {
    const email = uniqueEmail();
    const orgName = `Acme ${email}`;
    const { user, org, membership } = await signUpWithOrganization({ name: " Ada ", email: ` ${email} `, password, orgName });
    expect(user.email).toBe(email);
    expect(user.name).toBe("Ada");
    expect(org.name).toBe(orgName);
    expect(membership).toMatchObject({ orgId: org.id, userId: user.id, role: "admin" });
    const stored = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, stored.passwordHash!)).toBe(true);
    expect(org.billingPlan).toBe("free");
  });

  it("refuses a taken email (any case) with a field error and writes nothing", async () => {
    const email = uniqueEmail();
    await signUpWithOrganization({ email, password, orgName: `First ${email}` });
    const orgName = `Second ${email}`;
    const error = await signUpWithOrganization({ email: email.toUpperCase(), password, orgName }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("CONFLICT");
    expect(error.details).toMatchObject({ reason: "email_taken", fields: { email: { code: "email_taken" } } });
    // The organization of the failed attempt was rolled back with the user insert.
    expect(await counts(orgName, email)).toEqual({ users: 1, orgs: 0 });
  });

  it.each([
    ["short password", { password: "short" }, "password"],
    ["bad email", { email: "not-an-email" }, "email"],
    ["empty organization name", { orgName: "   " }, "orgName"],
  ])("refuses a %s as INVALID_INPUT and writes nothing", async (_name, override, field) => {
    const email = uniqueEmail();
    const orgName = `Invalid ${email}`;
    const error = await signUpWithOrganization({ email, password, orgName, ...override }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("INVALID_INPUT");
    expect(Object.keys(error.details.fields)).toEqual([field]);
    expect(await counts(orgName, email)).toEqual({ users: 0, orgs: 0 });
  });
});

describe("createOrganizationForUser", () => {
  it("makes the user admin of a further organization", async () => {
    const { user } = await signUpWithOrganization({ email: uniqueEmail(), password, orgName: "Home org" });
    const org = await createOrganizationForUser(user.id, { orgName: "Second org" });
    const memberships = await getDb().membership.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(memberships.map((m) => [m.orgId === org.id, m.role])).toEqual([
      [false, "admin"],
      [true, "admin"],
    ]);
  });
});
