import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/console";
import { signInAsMember } from "./support/seed";
import { sql } from "./support/server";

// Member management in the browser: change a role and remove a member, each confirmed;
// the last admin can be neither demoted nor removed, and the refusal says why.

const role = async (orgId: string, email: string) =>
  (await sql<{ role: string }>(`SELECT m.role::text AS role FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE m."orgId" = $1 AND u.email = $2`, [orgId, email]))[0]?.role;

test("an admin promotes, demotes and removes a member; the last admin stays", async ({ page, browser }) => {
  const adminEmail = uniqueEmail("owner");
  const orgId = await signUp(page, { email: adminEmail, orgName: "Roles Org" });
  const member = await signInAsMember(browser, orgId);
  const [{ email: memberEmail }] = await sql<{ email: string }>(
    `SELECT u.email FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE m."orgId" = $1 AND m.role = 'member'`,
    [orgId],
  );

  // The member sees the list without any action button.
  await member.page.goto(`/console/${orgId}/members`);
  await expect(member.page.getByTestId("member-row")).toHaveCount(2);
  await expect(member.page.getByTestId("change-role")).toHaveCount(0);
  await expect(member.page.getByTestId("remove-member")).toHaveCount(0);
  await member.context.close();

  await page.goto(`/console/${orgId}/members`);
  const adminRow = page.getByTestId("member-row").filter({ hasText: adminEmail });
  const memberRow = page.getByTestId("member-row").filter({ hasText: memberEmail });

  // The only admin cannot demote themselves: the dialog says why and nothing changes.
  await adminRow.getByTestId("change-role").click();
  let dialog = page.getByRole("dialog");
  await dialog.getByTestId("confirm-change-role").click();
  await expect(dialog.getByTestId("form-status")).toContainText("The last admin cannot be demoted");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect(await role(orgId, adminEmail)).toBe("admin");

  await memberRow.getByTestId("change-role").click();
  dialog = page.getByRole("dialog");
  await dialog.getByTestId("confirm-change-role").click();
  await expect(page.getByTestId("toast-region")).toContainText("Role changed to admin.");
  expect(await role(orgId, memberEmail)).toBe("admin");

  await memberRow.getByTestId("change-role").click();
  await page.getByRole("dialog").getByTestId("confirm-change-role").click();
  await expect(page.getByTestId("toast-region")).toContainText("Role changed to member.");

  await memberRow.getByTestId("remove-member").click();
  await page.getByRole("dialog").getByTestId("confirm-remove-member").click();
  await expect(page.getByTestId("toast-region")).toContainText("Member removed.");
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  expect(await role(orgId, memberEmail)).toBeUndefined();

  await adminRow.getByTestId("remove-member").click();
  dialog = page.getByRole("dialog");
  await dialog.getByTestId("confirm-remove-member").click();
  await expect(dialog.getByTestId("form-status")).toContainText("The last admin cannot be removed");
});
