// The wizard opens on its first field, its copy filled from the template, a visible white swatch,
// and a summary that says how long the code is valid and how consent is asked (decision 341).
import { expect, test } from "@playwright/test";
import { PNG } from "pngjs";
import { useFreshStart, VIEWPORTS } from "./support/fresh-start";
import { signUp } from "./support/helpers";

test.describe.configure({ timeout: 180_000 });
const fresh = useFreshStart();

for (const size of VIEWPORTS) {
  test(`at ${size.name} the wizard needs no Generate click and says validity and consent before launch`, async ({ browser }) => {
    const { context, page } = await fresh.open(browser, size);
    await signUp(page);
    await page.goto("/campaigns");
    await page.getByRole("link", { name: "New Campaign" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
    await expect(dialog.getByLabel("Business Name")).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Close" })).not.toBeFocused();

    await dialog.getByLabel("Business Name").fill("Corner Bakery");
    await dialog.getByLabel("Campaign Title").fill("Croissant club");
    await dialog.getByLabel("Business Type").selectOption("Bakery");
    await dialog.getByLabel("Offer", { exact: true }).fill("Free croissant");
    await dialog.getByLabel("Offer Condition").fill("With any coffee");
    await dialog.getByRole("radio", { name: "Valid for" }).check();
    await dialog.getByLabel("Days after the claim").fill("14");
    await dialog.getByRole("button", { name: "Next" }).click();

    // The copy is there already: the template for the offer, and Next is open.
    await expect(dialog.getByLabel("Headline")).toHaveValue("Something delicious for you: Free croissant");
    await expect(dialog.getByLabel("Thank-you Message")).toHaveValue(/Your offer: Free croissant\. Condition: With any coffee\./);
    const next = dialog.getByRole("button", { name: "Next" });
    await expect(next).toBeEnabled();

    // The white text colour is visible: its swatch has a dark edge inside the light field.
    const swatch = dialog.getByLabel("Text Colour");
    await expect(swatch).toHaveValue("#ffffff");
    await expect(swatch).toHaveAccessibleDescription("White (#FFFFFF)");
    await expect(dialog.getByText("White (#FFFFFF)")).toBeVisible();
    await swatch.scrollIntoViewIfNeeded();
    const png = PNG.sync.read(await swatch.screenshot());
    let dark = 0;
    for (let index = 0; index < png.data.length; index += 4) {
      const luminance = 0.2126 * png.data[index]! + 0.7152 * png.data[index + 1]! + 0.0722 * png.data[index + 2]!;
      if (luminance < 150) dark += 1;
    }
    expect(dark, "dark pixels around the white swatch").toBeGreaterThan(40);

    await dialog.getByRole("radio", { name: /^Checkbox/ }).check();
    await next.click();
    const summary = (label: string) =>
      dialog
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(summary("Code validity")).toHaveText("Valid for 14 days after the claim");
    await expect(summary("Consent")).toHaveText("Checkbox");
    await dialog.getByRole("button", { name: "Launch Campaign" }).click();
    await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
}
