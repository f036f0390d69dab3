import { expect, test } from "@playwright/test";
import { PNG } from "pngjs";
import { signInAsAdmin } from "./support/helpers";

function pngBuffer() {
  const png = new PNG({ width: 8, height: 4 });
  png.data.fill(120);
  return PNG.sync.write(png);
}

test("an admin uploads a banner, sees field errors and deletes a post, all without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page);

  await page.goto("/admin/blog/new");
  await page.getByLabel("Title *").fill("   ");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please fill in all required fields");

  const title = `Banner post ${Date.now()}`;
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Content *").fill("Hello from a form without JavaScript.");
  await page.getByLabel("Upload an image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await page.getByLabel("Publish immediately").check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Please select an image file")).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveValue(title);

  await page.getByLabel("Upload an image").setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: pngBuffer() });
  await page.getByLabel("Publish immediately").check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByRole("status")).toHaveText("Post saved.");

  await page.getByRole("link", { name: `View ${title}` }).click();
  const banner = page.getByTestId("post-banner");
  await expect(banner).toHaveAttribute("src", /^\/uploads\/blog-banners\/\d+-[0-9a-f]{16}\.png$/);
  expect(await banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);

  await page.goto("/admin/blog");
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Post" }).click();
  await expect(page.getByRole("status")).toHaveText("Post deleted.");
  await expect(page.getByText(title)).toHaveCount(0);
  await context.close();
});
