import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/Madrid" });

test("an owner on a phone turns on the morning summary, read at 08:00 in their own zone", async ({ page }, testInfo) => {
  await signUp(page);
  await page.goto("/settings/notifications");
  const summary = page.getByRole("region", { name: "Morning summary" });
  await expect(summary.getByRole("radio", { name: /Off/ })).toBeChecked();

  await summary.getByRole("radio", { name: /Every morning/ }).check();
  await summary.getByRole("checkbox", { name: "Send it even on a quiet day" }).check();
  await summary.getByRole("button", { name: "Save summary settings" }).click();
  await expect(summary.getByRole("status")).toHaveText("Summary settings saved");
  await expect(summary.getByTestId("summary-zone")).toHaveText(/08:00 in Europe\/Madrid/);

  await page.reload();
  await expect(summary.getByRole("radio", { name: /Every morning/ })).toBeChecked();
  await expect(summary.getByRole("checkbox", { name: "Send it even on a quiet day" })).toBeChecked();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await summary.screenshot({ path: testInfo.outputPath("morning-summary-390.png") });
});
