import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./support/console";
import { createEvent } from "./support/seed";
import { expectNoSeriousAxeFindings } from "./support/axe";

// Spreadsheet import in the browser, at desktop and phone widths: upload a CSV, see the
// mapping suggested from its headers in the data-source mapping editor, preview (counts
// and the refused row with its number and reason), run, and find the guests on the list.

const CSV = ["E-mail;Full name;Organisation", "ada@example.com;Ada Lovelace;Analytical", "not-an-email;Bad Row;", "grace@example.com;Grace Hopper;Navy"].join("\r\n");

for (const width of [1280, 375]) {
  test(`an admin imports guests from a CSV at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const orgId = await signUp(page, { email: uniqueEmail(`sheet${width}`), orgName: "Sheet Org" });
    const eventId = await createEvent(orgId, "Spreadsheet Summit");

    await page.goto(`/console/${orgId}/events/${eventId}/guests`);
    await page.getByTestId("import-guests-link").click();
    await expect(page).toHaveURL(new RegExp(`/guests/import$`));

    await page.getByTestId("sheet-file").setInputFiles({ name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await expect(page.getByTestId("sheet-summary")).toContainText("3 rows");
    // The suggestion, in the data-source mapping editor's own inputs.
    await expect(page.locator("#ds-mapping-fields-email-path")).toHaveValue("E-mail");
    await expect(page.locator("#ds-mapping-fields-displayName-path")).toHaveValue("Full name");
    await expect(page.locator("#ds-mapping-fields-company-path")).toHaveValue("Organisation");
    await expectNoSeriousAxeFindings(page, `import page with a mapping at ${width}`);

    await page.getByTestId("sheet-preview").click();
    await expect(page.getByTestId("count-created")).toHaveText("2");
    await expect(page.getByTestId("count-refused")).toHaveText("1");
    const refused = page.getByTestId("refused-row");
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText("3");
    await expect(refused).toContainText("not-an-email");
    await expect(refused).toContainText("email");
    await expectNoSeriousAxeFindings(page, `import preview at ${width}`);

    await page.getByTestId("sheet-run").click();
    await expect(page.getByTestId("sheet-done")).toBeVisible();
    await expect(page.getByTestId("count-created")).toHaveText("2");

    await page.goto(`/console/${orgId}/events/${eventId}/guests`);
    await expect(page.getByText("ada@example.com")).toBeVisible();
    await expect(page.getByText("grace@example.com")).toBeVisible();
  });
}
