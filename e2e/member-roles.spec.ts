import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/console";
import { signInAsMember } from "./support/seed";
import { sql } from "./support/server";

// Member management in the browser: change a role and remove a member, each confirmed;
// the last admin can be neither demoted nor removed: they are offered neither, and the row says why.

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

  // The only admin is offered neither "Make member" nor "Remove"; the row says why.
  await expect(adminRow.getByTestId("change-role")).toHaveCount(0);
  await expect(adminRow.getByTestId("remove-member")).toHaveCount(0);
  await expect(adminRow.getByTestId("only-admin")).toContainText("The only admin");

  await memberRow.getByTestId("change-role").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("confirm-change-role").click();
  await expect(page.getByTestId("toast-region")).toContainText("Role changed to admin.");
  expect(await role(orgId, memberEmail)).toBe("admin");
  // Two admins: either may now be demoted.
  await expect(adminRow.getByTestId("change-role")).toContainText("Make member");

  await memberRow.getByTestId("change-role").click();
  await page.getByRole("dialog").getByTestId("confirm-change-role").click();
  await expect(page.getByTestId("toast-region")).toContainText("Role changed to member.");

  await memberRow.getByTestId("remove-member").click();
  await page.getByRole("dialog").getByTestId("confirm-remove-member").click();
  await expect(page.getByTestId("toast-region")).toContainText("Member removed.");
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  expect(await role(orgId, memberEmail)).toBeUndefined();

  await expect(adminRow.getByTestId("remove-member")).toHaveCount(0);
  await expect(adminRow.getByTestId("only-admin")).toBeVisible();
});
