import { expect, test } from "@playwright/test";
import { adminPage, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

test("typing in an admin search narrows the list without pressing Enter, and the URL follows", async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const wanted = await signUp(first, uniqueEmail("typed-search"));
  const second = await (await browser.newContext()).newPage();
  const other = await signUp(second, uniqueEmail("someone-else"));

  const admin = await adminPage(browser);
  await admin.goto("/admin/users");
  const users = admin.getByRole("table", { name: "Users" });
  await expect(users.getByRole("row", { name: new RegExp(other) })).toBeVisible();

  await admin.getByLabel("Search by email").pressSequentially(wanted.slice(0, 24), { delay: 20 });
  await expect(admin).toHaveURL(new RegExp(`q=${encodeURIComponent(wanted.slice(0, 24)).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(users.getByRole("row", { name: new RegExp(wanted) })).toBeVisible();
  await expect(users.getByRole("row", { name: new RegExp(other) })).toHaveCount(0);
  // The box keeps focus and what was typed while the list answers.
  await expect(admin.getByLabel("Search by email")).toBeFocused();
  await expect(admin.getByLabel("Search by email")).toHaveValue(wanted.slice(0, 24));
});

test("the leads search answers as the owner types", async ({ page }) => {
  await signUp(page);
  await page.goto("/leads");
  await page.getByLabel("Search leads").pressSequentially("nobody-here", { delay: 20 });
  await expect(page).toHaveURL(/\/leads\?q=nobody-here/);
  await expect(page.getByText("No leads match your filters")).toBeVisible();
  await expect(page.getByLabel("Search leads")).toBeFocused();
});
