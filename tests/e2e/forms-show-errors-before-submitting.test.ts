import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin, signUp, uniqueEmail } from "./support/helpers";
import { linkIn, waitForMail } from "./support/mailbox";

/** Counts the form posts the page sends from now on: an instant error must not need one. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** Conform turns the browser's own checks off once the page is hydrated: from then on the schema checks. */
async function hydrated(page: Page, formId: string) {
  await expect(page.locator(`form#${formId}`)).toHaveAttribute("novalidate", "");
}

test("sign-in and sign-up show field errors as the visitor leaves a field", async ({ page }) => {
  await page.goto("/signin");
  await hydrated(page, "signin");
  const posts = countPosts(page);
  const email = page.getByLabel("Email address");
  await email.fill("not-an-address");
  await email.blur();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("You must provide either an email or phone number and a password")).toBeVisible();
  await email.fill("someone@example.com");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  expect(posts).toEqual([]);

  await page.goto("/signup");
  await hydrated(page, "signup");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("abc");
  await password.blur();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  expect(posts).toEqual([]);
});

test("forgot and reset password check the address and the new password before posting", async ({ page }) => {
  const email = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await hydrated(page, "forgot-password");
  let posts = countPosts(page);
  const address = page.getByLabel("Email address");
  await address.fill("nobody");
  await address.blur();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  expect(posts).toEqual([]);
  await address.fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address, we've sent a link");

  const mail = await waitForMail(email, "Reset your LeadQR password");
  await page.goto(linkIn(mail, "/reset-password"));
  await hydrated(page, "reset-password");
  posts = countPosts(page);
  const next = page.getByLabel("New password", { exact: true });
  await next.fill("123456");
  await next.blur();
  await expect(page.getByText("Password is too common")).toBeVisible();
  await next.fill("a-brand-new-secret-7");
  await page.getByLabel("Confirm new password").fill("a-brand-new-secret-8");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("New passwords do not match")).toBeVisible();
  expect(posts).toEqual([]);
});

test("settings and the campaign wizard show field errors before anything is sent", async ({ page }) => {
  await signUp(page, uniqueEmail("forms"));
  await page.goto("/settings");
  await hydrated(page, "profile");
  let posts = countPosts(page);
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
  const confirm = profile.getByLabel("Confirm new password");
  await confirm.fill("brand-new-pass-2");
  await confirm.blur();
  await expect(profile.getByText("New passwords do not match")).toBeVisible();
  const address = profile.getByLabel("Email");
  await address.fill("");
  await address.blur();
  await expect(profile.getByText("Please enter a valid email address")).toBeVisible();
  expect(posts).toEqual([]);

  await page.goto("/campaigns");
  await page.getByRole("link", { name: "New Campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  posts = countPosts(page);
  const title = dialog.getByLabel("Campaign Title");
  await title.fill("Morning deal");
  await title.fill("");
  await title.blur();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await title.fill("Morning deal");
  await expect(dialog.getByText("Title is required")).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("the blog editor marks a missing title before posting", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/blog/new");
  await expect(page.locator("form#post-editor")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const posts = countPosts(page);
  const title = page.getByLabel("Title *");
  await title.fill("   ");
  await title.blur();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByLabel("Content *")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});
