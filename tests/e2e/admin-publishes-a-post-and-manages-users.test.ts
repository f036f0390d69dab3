import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_EMAIL, adminPage, setPlanAsAdmin, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

async function newUserPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const email = await signUp(page, uniqueEmail("member"));
  return { page, email };
}

async function openUserMenu(page: Page) {
  await page.locator("summary", { hasText: "User menu" }).click();
}

test("an admin writes and publishes a post; a visitor reads it; unpublishing hides it", async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.getByRole("link", { name: "Admin" }).first().click();
  await admin.getByRole("link", { name: /Blog Management/ }).click();
  await admin.getByRole("link", { name: "New Post" }).click();

  const title = `Grow with QR ${Date.now()}`;
  await admin.getByLabel("Title *").fill(title);
  await expect(admin.getByText(/Leave empty to derive it from the title: grow-with-qr-/)).toBeVisible();
  await admin.getByLabel("Excerpt").fill("Three ideas for busy owners.");
  await admin
    .getByLabel("Content *")
    .fill(
      [
        "## Why QR codes work",
        "Customers already carry the scanner.",
        "### Quick wins",
        "* Put one on every table",
        "*   Add one to receipts",
        "<script>window.__pwned = true</script>",
      ].join("\n"),
    );
  // An https address that cannot load (nothing listens on port 1): the banner must hide itself.
  await admin.getByLabel("Or image URL").fill("https://127.0.0.1:1/no-such-banner.png");
  await admin.getByLabel("Publish immediately").check();
  await admin.getByRole("button", { name: "Create Post" }).click();
  await expect(admin).toHaveURL(/\/admin\/blog\?notice=saved$/);
  await expect(admin.getByRole("status")).toHaveText("Post saved.");
  await expect(admin.getByRole("row", { name: new RegExp(title) }).getByText("Published")).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/blog");
  const card = visitor.getByRole("article").filter({ hasText: title });
  // The byline is the author's name (the admin signed up as admin@…, so "admin"), never their email.
  await expect(card.getByText("admin", { exact: true })).toBeVisible();
  await expect(card).not.toContainText(ADMIN_EMAIL);
  await expect(card.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(card.getByText("Three ideas for busy owners.")).toBeVisible();
  await card.getByRole("link", { name: `Read more: ${title}` }).click();
  await expect(visitor).toHaveURL(/\/blog\/grow-with-qr-\d+$/);
  const slugUrl = visitor.url();

  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Why QR codes work" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 3, name: "Quick wins" })).toBeVisible();
  const list = visitor.getByRole("article").getByRole("list");
  await expect(list).toHaveCount(1);
  await expect(list.getByRole("listitem")).toHaveText(["Put one on every table", "Add one to receipts"]);
  await expect(visitor.getByText("<script>window.__pwned = true</script>")).toBeVisible();
  expect(await visitor.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // The banner URL does not load an image, so the banner is removed.
  await expect(visitor.getByTestId("post-banner")).toHaveCount(0);
  await expect(visitor.getByRole("heading", { name: "Ready to 10x Your Lead Generation?" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");

  await admin.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(admin.getByRole("status")).toHaveText("Post unpublished.");

  const response = await visitor.goto(slugUrl);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await expect(visitor.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
  await visitor.getByRole("link", { name: "Back to Blog" }).click();
  await expect(visitor).toHaveURL(/\/blog$/);
  await expect(visitor.getByText(title)).toHaveCount(0);

  // The admin can still preview the draft, then deletes it after confirming.
  await admin.goto(slugUrl);
  await expect(admin.getByText("Draft", { exact: true })).toBeVisible();
  await admin.goto("/admin/blog");
  await admin.getByRole("link", { name: `Delete ${title}` }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText("This action cannot be undone.");
  await dialog.getByRole("button", { name: "Delete Post" }).click();
  await expect(admin.getByRole("status")).toHaveText("Post deleted.");
  await expect(admin.getByText(title)).toHaveCount(0);
});

test("an admin changes a role and grants Pro; the user sees both", async ({ browser }) => {
  const { page: member, email } = await newUserPage(browser);
  await expect(member.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await openUserMenu(member);
  await expect(member.getByText("Free plan").first()).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto("/admin/users");
  await admin.getByLabel("Search by email").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByLabel(`Role for ${email}`).selectOption("admin");
  await admin.getByRole("button", { name: `Update role of ${email}` }).click();
  await expect(admin.getByRole("status")).toHaveText("Role updated to admin.");

  await member.reload();
  await expect(member.getByRole("link", { name: "Admin" }).first()).toBeVisible();

  await admin.goto("/admin/subscriptions");
  await expect(admin.getByRole("region", { name: "The plans" })).toContainText("Enterprise = Pro + no LeadQR name on visitor pages and emails");
  await admin.getByLabel("Search by user email or customer ID").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await setPlanAsAdmin(admin, email, "Pro");
  // Users shows the same plan.
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(
    admin
      .getByRole("row", { name: new RegExp(email) })
      .getByRole("cell")
      .nth(2),
  ).toHaveText("Pro");

  await member.reload();
  await openUserMenu(member);
  await expect(member.getByText("Pro plan").first()).toBeVisible();
});

test("a normal user's direct requests to admin pages and actions are refused", async ({ browser }) => {
  const { page: member } = await newUserPage(browser);
  await member.goto("/admin/users");
  await expect(member).toHaveURL(/\/dashboard$/);

  const attempts = [
    ["/admin/users", { intent: "setRole", userId: "anyone", role: "admin" }],
    ["/admin/subscriptions", { intent: "setPlan", userId: "anyone", plan: "pro" }],
    ["/admin/blog", { intent: "publish", postId: "00000000-0000-4000-8000-000000000000" }],
    ["/admin/blog/new", { title: "Spam", content: "Spam", publish: "on" }],
  ] as const;
  for (const [path, form] of attempts) {
    const response = await member.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"], path).toBe("/dashboard");
  }
  await member.goto("/blog");
  await expect(member.getByText("Spam")).toHaveCount(0);
});
