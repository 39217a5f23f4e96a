import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/db/client";
import { changePassword } from "./change-password";
import { createResetLinkForOperator, findResetToken } from "./password-reset";
import { hashPassword, verifyPassword } from "./passwords";

// The account page's password change: the current password checked (throttled like sign-in),
// the new one stored, every session ended.

async function user(passwordHash: string | null) {
  return getDb().user.create({ data: { email: `chg-${randomBytes(4).toString("hex")}@example.com`, passwordHash } });
}

describe("changePassword", () => {
  it("needs the current password, then stores the new one and ends every session", async () => {
    const account = await user(await hashPassword("the old password"));
    await expect(changePassword(account.id, { currentPassword: "not it at all", newPassword: "the new password" }, { ip: null })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { fields: { currentPassword: { message: "That is not your current password." } } },
    });
    await expect(changePassword(account.id, { currentPassword: "the old password", newPassword: "short" }, { ip: null })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await changePassword(account.id, { currentPassword: "the old password", newPassword: "the new password" }, { ip: null });
    const after = await getDb().user.findUniqueOrThrow({ where: { id: account.id } });
    expect(await verifyPassword("the new password", after.passwordHash!)).toBe(true);
    expect(after.sessionsValidAfter).not.toBeNull();
  });

  it("deletes the account's unused reset links: an older link cannot undo the change", async () => {
    const account = await user(await hashPassword("the old password"));
    const other = await user(await hashPassword("the old password"));
    const tokenOf = async (email: string) => new URL((await createResetLinkForOperator(email)).link).pathname.split("/").pop()!;
    const outstanding = await tokenOf(account.email);
    const othersLink = await tokenOf(other.email);

    await changePassword(account.id, { currentPassword: "the old password", newPassword: "the new password" }, { ip: null });
    expect(await findResetToken(outstanding)).toBeNull();
    expect(await getDb().passwordResetToken.count({ where: { userId: account.id, usedAt: null } })).toBe(0);
    expect(await findResetToken(othersLink)).not.toBeNull();
  });

  it("tells an OAuth-only account to set a password through Forgot password", async () => {
    const account = await user(null);
    await expect(changePassword(account.id, { currentPassword: "x", newPassword: "the new password" }, { ip: null })).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "no_password" } });
  });
});
