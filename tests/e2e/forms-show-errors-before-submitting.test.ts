import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminPage, createCampaignInWizard, setProAsAdmin, signInAsAdmin, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";
import { linkIn, waitForMail } from "./support/mailbox";

/** Counts the form posts the page sends from now on: an instant error must not need one. */
function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/** Types a value, leaves the field, and expects the schema's message at the field, which it describes. */
async function leaveWith(field: Locator, value: string, message: string) {
  await field.fill(value);
  await field.blur();
  await expect(field.page().getByText(message, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
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
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
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

test("the privacy settings and the delete confirmation are checked as the owner leaves a field", async ({ page }) => {
  await signUp(page, uniqueEmail("forms-privacy"));
  await page.goto("/settings");
  await hydrated(page, "identity");
  const posts = countPosts(page);
  const privacy = page.getByRole("region", { name: "Privacy & retention" });
  const policy = privacy.getByLabel("Privacy policy URL");
  await leaveWith(policy, "http://example.com/privacy", "Please enter a full https:// address");
  await leaveWith(
    privacy.getByLabel("Delete leads older than (months)"),
    "500",
    "Enter a number of months from 1 to 120, or leave empty to keep leads",
  );
  await policy.fill("https://example.com/privacy");
  await expect(policy).not.toHaveAttribute("aria-invalid", "true");
  await expect(privacy.getByText("Please enter a full https:// address")).toHaveCount(0);

  await page.getByText("Delete account", { exact: true }).first().click();
  await hydrated(page, "delete-account");
  const confirmation = page.getByLabel("Type DELETE to confirm");
  await leaveWith(confirmation, "delete", "Type DELETE to confirm.");
  await page.getByRole("button", { name: "Delete account" }).click();
  await expect(confirmation).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("integrations and staff links name what is missing before posting", async ({ page, browser }) => {
  const email = await signUp(page, uniqueEmail("forms-integrations"));
  const admin = await adminPage(browser);
  await setProAsAdmin(admin, email, true);
  await admin.close();

  await page.goto("/settings/integrations");
  await hydrated(page, "endpoint");
  let posts = countPosts(page);
  const url = page.getByLabel("Endpoint URL");
  await leaveWith(url, "", "Enter the URL of your endpoint");
  const created = page.getByRole("checkbox", { name: /lead\.created/ });
  await created.uncheck();
  await url.fill("https://example.com/hooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Choose at least one event", { exact: true })).toBeVisible();
  await created.check();
  await expect(page.getByText("Choose at least one event", { exact: true })).toHaveCount(0);
  await hydrated(page, "api-key");
  await leaveWith(page.getByLabel("Key name"), "   ", "Name the key, e.g. Zapier");
  expect(posts).toEqual([]);

  await page.goto("/redeem/staff");
  await hydrated(page, "staff-link");
  posts = countPosts(page);
  const label = page.getByLabel("Name (who or where it is for)");
  await leaveWith(label, "   ", "Please name this link");
  await label.fill("Front counter");
  await expect(label).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("placement names are checked when adding and renaming, before posting", async ({ page }) => {
  await signUp(page, uniqueEmail("forms-placements"));
  const campaignId = await createCampaignInWizard(page, {
    title: "Bagel Week",
    businessType: "Bakery",
    offer: "Free bagel",
    condition: "with any coffee",
    headline: "A free bagel with your coffee",
    thankYou: "Show this screen at the till.",
  });
  await page.goto(`/campaigns/${campaignId}`);
  await hydrated(page, "add-placement");
  await page.getByLabel("Placement name").fill("Window poster");
  await page.getByRole("button", { name: "Add placement" }).click();
  await expect(page.getByRole("rowheader", { name: "Window poster" })).toBeVisible();

  const posts = countPosts(page);
  await leaveWith(page.getByLabel("Placement name"), "   ", "Please give the placement a name");
  await page.getByRole("button", { name: "Add placement" }).click();
  await page.getByLabel("Placement name").fill("Door sticker");
  await expect(page.getByText("Please give the placement a name")).toHaveCount(0);
  await page.getByLabel("Rename Window poster").click();
  await leaveWith(page.getByLabel("New name for Window poster"), "", "Please give the placement a name");
  expect(posts).toEqual([]);
});

test("without JavaScript the server answers the same messages at the same fields", async ({ page, browser }) => {
  await signUp(page, uniqueEmail("forms-nojs"));
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await context.newPage();
  try {
    await plain.goto("/settings");
    const privacy = plain.getByRole("region", { name: "Privacy & retention" });
    await privacy.getByLabel("Privacy policy URL").fill("http://example.com/privacy");
    await privacy.getByRole("button", { name: "Save privacy settings" }).click();
    await expect(privacy.getByText("Please enter a full https:// address", { exact: true })).toBeVisible();
    await expect(privacy.getByLabel("Privacy policy URL")).toHaveAttribute("aria-invalid", "true");

    await plain.getByText("Delete account", { exact: true }).first().click();
    await plain.getByLabel("Type DELETE to confirm").fill("delete");
    await plain.getByRole("button", { name: "Delete account" }).click();
    await expect(plain.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
    await expect(plain.getByLabel("Type DELETE to confirm")).toHaveAttribute("aria-invalid", "true");

    await plain.goto("/redeem/staff");
    await plain.getByLabel("Name (who or where it is for)").fill("   ");
    await plain.getByRole("button", { name: "Create link" }).click();
    await expect(plain.getByText("Please name this link", { exact: true })).toBeVisible();
    await expect(plain.getByLabel("Name (who or where it is for)")).toHaveAttribute("aria-invalid", "true");
  } finally {
    await context.close();
  }
});
