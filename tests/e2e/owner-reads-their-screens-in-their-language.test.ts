// An owner whose phone is set to German signs up and reads the catalogued screens in German, with
// no choice made; then chooses العربية in Settings: the document turns right to left, the screens
// read Arabic, and nothing is wider than a 390 px phone (docs/features/visitor-languages.md, "The
// owner's screens"). Screenshots go to /tmp/shots/owner-lang-*.png.
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/helpers";

const PHONE = { width: 390, height: 844 };

/** No horizontal scroll on the page. */
async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, "page width").toBeLessThanOrEqual(widths.client);
}

test("an owner with a German phone reads the dashboard in German, then chooses Arabic: right to left, nothing wider than the phone", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "de-DE", viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  await signUp(page);
  // Signing up lands on the dashboard in the browser: German already, with no choice made.
  await expect(page.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Erste Schritte" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");

  // A fresh load is rendered German by the server and hydrates in German.
  await page.reload();
  await expect(page.getByRole("link", { name: "Kampagne erstellen" }).first()).toBeVisible();
  await page.getByLabel("Menü öffnen oder schließen").click();
  await expect(page.getByRole("link", { name: "Einstellungen" }).first()).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/owner-lang-de-dashboard.png", fullPage: true });
  await expectNoHorizontalScroll(page);

  await page.getByRole("link", { name: "Einstellungen" }).first().click();
  const language = page.getByRole("region", { name: "Sprache" });
  await language.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "العربية" });
  await language.getByRole("button", { name: "Speichern" }).click();

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: "الإعدادات" })).toBeVisible();
  await expect(page.getByRole("region", { name: "اللغة" }).getByRole("combobox")).toHaveValue("ar");
  await page.screenshot({ path: "/tmp/shots/owner-lang-ar-settings.png", fullPage: true });
  await page.getByRole("region", { name: "اللغة" }).screenshot({ path: "/tmp/shots/owner-lang-ar-language.png" });
  await expectNoHorizontalScroll(page);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "لوحة التحكم" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.screenshot({ path: "/tmp/shots/owner-lang-ar-dashboard.png", fullPage: true });
  await expectNoHorizontalScroll(page);

  // Every page hydrated with the words the server rendered.
  expect(problems.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  await context.close();
});
