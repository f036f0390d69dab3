// A newcomer's `npm start` without APP_URL puts http://localhost:PORT in every code. The print
// check, the live screen and the QR download say plainly that no phone can open it and how to fix
// it; printing stays possible but never looks approved (decision 345). At 390 and 1280 px.
import { expect, test } from "@playwright/test";
import { createCampaignInWizard, signUp } from "./support/helpers";
import { startUnconfiguredServer } from "./support/processes";

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: Awaited<ReturnType<typeof startUnconfiguredServer>>;
test.beforeAll(async () => {
  server = await startUnconfiguredServer();
});
test.afterAll(() => server?.child.kill("SIGKILL"));

const FIX = "Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.";

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px: the live screen, the QR download and the print check say phones cannot open a localhost code`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, viewport, isMobile: viewport.width < 500 });
    const page = await context.newPage();
    await signUp(page);
    const campaignId = await createCampaignInWizard(page, {
      title: `Window poster ${viewport.width}`,
      businessType: "Coffee Shop",
      offer: "A free cookie",
      condition: "With any coffee",
      headline: "A cookie on us",
      thankYou: "Show this at the counter.",
    });
    const unreachable = `Phones cannot open this code. It points at ${server.url}, which only this computer can open. ${FIX}`;

    // The live screen: before "Print it", said once on the page, and step 2 tests on this computer.
    await page.goto(`/campaigns/${campaignId}?live=1`);
    const live = page.getByRole("region", { name: "Your campaign is live" });
    await expect(live.getByRole("note", { name: "Phones cannot open this code" })).toHaveText(unreachable);
    await expect(page.getByRole("note", { name: "Phones cannot open this code" })).toHaveCount(1);
    await expect(live.getByText("Open it on this computer: phones cannot reach this address yet.")).toBeVisible();

    // Beside the QR download buttons, once the launch panel is gone.
    await page.goto(`/campaigns/${campaignId}`);
    const qr = page.getByRole("region", { name: "QR Code" });
    await expect(qr.getByRole("link", { name: "Download PNG" })).toBeVisible();
    await expect(qr.getByRole("note", { name: "Phones cannot open this code" })).toHaveText(unreachable);

    // The print check: the address is its first item, a warning, so it is never all green.
    await qr.getByRole("link", { name: "Print", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Print Window poster ${viewport.width}` })).toBeVisible();
    const check = page.getByRole("region", { name: "Print check" });
    const first = check.getByRole("listitem").first();
    await expect(first).toHaveAttribute("data-status", "warn");
    await expect(first).toHaveText(`Warning: ${unreachable}`);
    await expect(check.locator('[data-status="ok"]')).toHaveCount((await check.getByRole("listitem").count()) - 1);

    // Printing stays possible, as a test sheet: the button is the secondary "anyway", and the PDF comes.
    await expect(check.getByRole("link", { name: "Download PDF", exact: true })).toHaveCount(0);
    const download = check.getByRole("link", { name: "Download PDF anyway" });
    await expect(download).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await page.request.get((await download.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // Nothing runs off a phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
}
