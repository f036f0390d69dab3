import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { BASE_URL } from "../../playwright.config";
import { signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

function logoPng() {
  const png = new PNG({ width: 64, height: 64 });
  for (let i = 0; i < 64 * 64; i++) png.data.set([220, 38, 38, 255], i * 4);
  return PNG.sync.write(png);
}

const card = (page: Page, title: string) => page.getByRole("article", { name: title });

async function openMenu(page: Page, title: string) {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
}

async function campaignIdOf(page: Page, title: string) {
  const href = await card(page, title).getByRole("link", { name: "View Page" }).getAttribute("href");
  return href!.split("/").pop()!;
}

const FORM = {
  intent: "create",
  title: "Race",
  businessType: "Bakery",
  discount: "Free cookie",
  minOrder: "With any coffee",
  aiHeadline: "Fresh cookies for you",
  aiThankyou: "Thanks! See you soon.",
  colorPreset: "ocean-blue",
};

test("an owner creates a campaign with AI copy and a logo, edits, pauses, downloads and deletes it", async ({ page }) => {
  await signUp(page);
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();

  await page.getByRole("link", { name: "New Campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole("button", { name: "Next" });
  await dialog.getByLabel("Campaign Title").fill("Morning Bakery Deal");
  await dialog.getByLabel("Business Type").selectOption("Bakery");
  await dialog.getByLabel("Offer", { exact: true }).fill("Free croissant");
  await expect(next).toBeDisabled();
  await dialog.getByLabel("Offer Condition").fill("With any coffee");
  await next.click();

  await dialog.getByRole("radio", { name: "Sunset Orange" }).check({ force: true });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
  await expect(dialog.getByRole("img", { name: "Uploaded logo" })).toBeVisible();
  // The copy opens filled with the template for the offer, so Next is not blocked; AI can still rewrite it.
  await expect(dialog.getByLabel("Headline")).not.toHaveValue("");
  await expect(dialog.getByRole("button", { name: "Next" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Generate with AI" }).click();
  await expect(dialog.getByLabel("Headline")).toHaveValue("Fresh Picks at Your Favourite Bakery: Grab Free croissant");
  await expect(dialog.getByLabel("Thank-you Message")).toHaveValue(/Thank you for claiming Free croissant!/);
  await expect(dialog.getByText("Smart Copy Generated")).toHaveCount(0);
  const preview = dialog.getByRole("region", { name: "Live preview" });
  await expect(preview.getByRole("heading", { name: "Fresh Picks at Your Favourite Bakery: Grab Free croissant" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Claim Offer" })).toHaveAttribute("href", "/pricing");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Back" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Launch Campaign" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeFocused({ timeout: 30_000 });
  await page.goto("/campaigns");
  const created = card(page, "Morning Bakery Deal");
  await expect(created).toBeVisible();
  await expect(created.getByText("Bakery", { exact: true })).toBeVisible();
  await expect(created.getByTestId("campaign-status")).toHaveText("Active");
  await expect(created.getByText("0 / 5")).toBeVisible();
  await expect(created.getByText("Fresh Picks at Your Favourite Bakery")).toBeVisible();
  // At the limit, calmly: the words stay, without the amber alert.
  await expect(page.getByRole("status").filter({ hasText: "Campaign Limit Reached" })).toHaveCount(0);
  await expect(
    page
      .getByTestId("campaign-limit-calm")
      .getByText(
        "Campaign Limit Reached: Free accounts are limited to 1 campaign. Upgrade to Pro to create unlimited campaigns and unlock premium or advanced features.",
      ),
  ).toBeVisible();
  const id = await campaignIdOf(page, "Morning Bakery Deal");

  // Edit
  await openMenu(page, "Morning Bakery Deal");
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const editor = page.getByRole("dialog", { name: "Edit Campaign" });
  await expect(editor.getByLabel("Campaign Title")).toHaveValue("Morning Bakery Deal");
  await editor.getByLabel("Campaign Title").fill("Evening Bakery Deal");
  await editor.getByRole("button", { name: "Next" }).click();
  await expect(editor.getByRole("img", { name: "Uploaded logo" })).toBeVisible();
  await editor.getByRole("button", { name: "Next" }).click();
  await editor.getByRole("button", { name: "Update Campaign" }).click();
  await expect(editor).toBeHidden();
  const edited = card(page, "Evening Bakery Deal");
  await expect(edited).toBeVisible();

  // Pause and activate
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "Pause" }).click();
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(edited.getByTestId("campaign-status")).toHaveText("Paused");
  await page.reload();
  await expect(edited.getByTestId("campaign-status")).toHaveText("Paused");
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "Activate" }).click();
  await expect(edited.getByTestId("campaign-status")).toHaveText("Active");

  // Downloads
  await openMenu(page, "Evening Bakery Deal");
  const [pngDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Download PNG" }).click()]);
  expect(pngDownload.suggestedFilename()).toBe("Evening Bakery Deal-qr-code.png");
  const png = PNG.sync.read(fs.readFileSync((await pngDownload.path())!));
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toMatch(new RegExp(`^${BASE_URL.toUpperCase()}/Q/[2-9A-HJ-NP-Z]{6}$`));

  await openMenu(page, "Evening Bakery Deal");
  const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Download SVG" }).click()]);
  expect(svgDownload.suggestedFilename()).toBe("Evening Bakery Deal-qr-code.svg");
  expect(fs.readFileSync((await svgDownload.path())!, "utf8")).toContain('href="data:image/png;base64,');

  // Details
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "View Details" }).click();
  await expect(page.getByRole("heading", { name: "Evening Bakery Deal" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for Evening Bakery Deal" })).toBeVisible();
  await expect(page.getByText(`${BASE_URL}/capture/${id}`)).toBeVisible();
  await page.getByRole("link", { name: "Back to campaigns" }).click();

  // Delete asks in an accessible dialog: Escape and Cancel keep the campaign, the focus stays
  // inside while it is open and returns to the menu button; "Delete campaign" removes it.
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: "Delete “Evening Bakery Deal”?" });
  await expect(confirmDelete).toContainText("Are you sure you want to delete this campaign? This action cannot be undone.");
  await expect(confirmDelete.getByRole("button", { name: "Cancel" })).toBeFocused();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    expect(await confirmDelete.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(confirmDelete).toBeHidden();
  await expect(page.getByRole("button", { name: "Actions for Evening Bakery Deal" })).toBeFocused();
  await expect(card(page, "Evening Bakery Deal")).toBeVisible();
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "Evening Bakery Deal")).toBeVisible();
  await openMenu(page, "Evening Bakery Deal");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await confirmDelete.getByRole("button", { name: "Delete campaign" }).click();
  await expect(card(page, "Evening Bakery Deal")).toBeHidden();
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Campaign" })).toBeVisible();
});

test("a free owner cannot create a second campaign, in the UI or by concurrent requests", async ({ page }) => {
  await signUp(page);
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, index) => page.request.post("/campaigns", { form: { ...FORM, title: `Race ${index}` }, maxRedirects: 0 })),
  );
  const statuses = responses.map((response) => response.status());
  expect(statuses.filter((status) => status === 302)).toHaveLength(1);
  expect(statuses.filter((status) => status === 403)).toHaveLength(19);

  await page.goto("/campaigns?new=1");
  await expect(page.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("status").getByText("Campaign Limit Reached:")).toBeVisible();
});

test("a second user cannot see or touch another owner's campaign by id", async ({ page, browser }) => {
  await signUp(page);
  await page.request.post("/campaigns", { form: { ...FORM, title: "Private Deal" } });
  await page.goto("/campaigns");
  const id = await campaignIdOf(page, "Private Deal");

  const context = await browser.newContext();
  const intruder = await context.newPage();
  await signUp(intruder, uniqueEmail("intruder"));
  for (const path of [`/campaigns/${id}`, `/campaigns/${id}/qr.png`, `/campaigns/${id}/qr.svg`, `/campaigns?edit=${id}`]) {
    const response = await intruder.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(intruder.getByRole("heading", { name: "Campaign not found" })).toBeVisible();
  for (const intent of ["toggle", "delete"]) {
    const response = await intruder.request.post("/campaigns", { form: { intent, campaignId: id } });
    expect(response.status()).toBe(404);
  }
  const update = await intruder.request.post("/campaigns", { form: { ...FORM, intent: "update", campaignId: id, title: "Hijacked" } });
  expect(update.status()).toBe(404);
  await context.close();

  await page.reload();
  await expect(card(page, "Private Deal").getByTestId("campaign-status")).toHaveText("Active");
});

test("the wizard works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(uniqueEmail("nojs"));
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.goto("/campaigns?new=1");
  await page.getByLabel("Campaign Title").fill("No Script Sale");
  await page.getByLabel("Business Type").selectOption("Florist");
  await page.getByLabel("Offer", { exact: true }).fill("10% off roses");
  await page.getByLabel("Offer Condition").fill("This week only");
  await page.getByLabel("Headline", { exact: true }).fill("Roses for everyone this week");
  await page.getByLabel("Thank-you Message", { exact: true }).fill("Thanks! Your discount is waiting.");
  await page.getByRole("button", { name: "Launch Campaign" }).click();
  await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/campaigns");
  await expect(card(page, "No Script Sale")).toBeVisible();
  await context.close();
});

test("editing without JavaScript keeps the campaign's logo", async ({ browser }) => {
  const withScript = await browser.newContext();
  const page = await withScript.newPage();
  await signUp(page);
  await page.goto("/campaigns?new=1");
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  await dialog.getByLabel("Campaign Title").fill("Logo Keeper");
  await dialog.getByLabel("Business Type").selectOption("Bakery");
  await dialog.getByLabel("Offer", { exact: true }).fill("Free bun");
  await dialog.getByLabel("Offer Condition").fill("Any order");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
  await expect(dialog.getByRole("img", { name: "Uploaded logo" })).toBeVisible();
  await dialog.getByLabel("Headline").fill("Warm buns every morning here");
  await dialog.getByLabel("Thank-you Message").fill("Thanks! See you soon.");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Launch Campaign" }).click();
  await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeVisible({ timeout: 30_000 });
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const logoBefore = await page.request.get(`/campaigns/${id}/qr.svg`).then((r) => r.text());
  expect(logoBefore).toContain("<image");

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await withScript.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`/campaigns?edit=${id}`);
  await plain.getByLabel("Headline", { exact: true }).fill("Warm buns every single morning");
  await plain.getByRole("button", { name: "Update Campaign" }).click();
  await expect(plain).toHaveURL(/\/campaigns$/);
  const logoAfter = await page.request.get(`/campaigns/${id}/qr.svg`).then((r) => r.text());
  expect(logoAfter).toContain("<image");
  await noScript.close();
  await withScript.close();
});
