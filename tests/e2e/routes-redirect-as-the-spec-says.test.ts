import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";

const PRIVATE = ["/dashboard", "/campaigns", "/leads", "/settings"];
const ADMIN = ["/admin", "/admin/users", "/admin/blog", "/admin/subscriptions", "/admin/campaigns", "/admin/leads"];

test("signed-out visitors are sent to /signin from every private and admin route", async ({ page }) => {
  for (const path of [...PRIVATE, ...ADMIN]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/signin$/);
  }
});

test("signed-in users skip /, /signin and /signup, and non-admins are kept out of /admin", async ({ page }) => {
  await signUp(page);
  for (const path of ["/", "/signin", "/signup", ...ADMIN]) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/dashboard$/);
  }
  for (const path of PRIVATE) {
    await page.goto(path);
    await expect(page, `at ${path}`).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
});

test("unknown paths go to /", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL(/\/$/);
});
