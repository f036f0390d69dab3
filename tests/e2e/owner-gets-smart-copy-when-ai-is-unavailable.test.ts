import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";

// The OpenAI stand-in answers "quota exceeded" when the offer mentions [quota].
test("when the AI service refuses, the owner gets template copy and the Smart Copy Generated note", async ({ page }) => {
  await signUp(page);
  await page.goto("/campaigns?new=1");
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  await dialog.getByLabel("Campaign Title").fill("Quota Day");
  await dialog.getByLabel("Business Type").selectOption("Florist");
  await dialog.getByLabel("Offer", { exact: true }).fill("Free rose [quota]");
  await dialog.getByLabel("Offer Condition").fill("With any bouquet");
  await dialog.getByRole("button", { name: "Next" }).click();

  await dialog.getByRole("button", { name: "Generate with AI" }).click();
  await expect(dialog.getByText("Smart Copy Generated")).toBeVisible();
  await expect(dialog.getByLabel("Headline")).not.toHaveValue("");
  await expect(dialog.getByLabel("Thank-you Message")).not.toHaveValue("");
  // The copy is the owner's to edit, and the wizard goes on.
  await dialog.getByLabel("Headline").fill("Roses on us this weekend only");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Launch Campaign" }).click();
  await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/campaigns");
  await expect(page.getByRole("article", { name: "Quota Day" })).toContainText("Roses on us this weekend only");
});
