// A Pro owner puts their codes on their own domain (decisions 390, 391): Settings → Your domain,
// the records published on a local DNS server, Verify, then the code and the domain's rules.
import fs from "node:fs";
import http from "node:http";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { zoneFileOf } from "./stubs/dns.mjs";
import { adminPage, createCampaignInWizard, setProAsAdmin, signUp, uniqueEmail } from "./support/helpers";

const DOMAIN = "go.cafe.test";
const port = new URL(BASE_URL).port;

/** A request to the app as if it arrived on `host` (what Caddy passes on). */
function onHost(host: string, path: string) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    request.on("error", reject);
  });
}

async function fitsTheWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("a Pro owner verifies go.cafe.test, and its codes and pages live there", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin of the shared server (signed up and verified by whichever journey came first).
  const admin = await adminPage(browser);
  const email = await signUp(page, uniqueEmail("domain"));
  await setProAsAdmin(admin, email, true);
  await admin.close();
  const campaignId = await createCampaignInWizard(page, {
    title: "Domain Donuts",
    businessType: "Bakery",
    offer: "Free donut",
    condition: "with any coffee",
    headline: "A free donut with your coffee",
    thankYou: "Show this screen at the counter.",
  });

  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage your domain" }).click();
  await expect(page.getByRole("heading", { name: "Your domain", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: "Domain" }).fill("cafe.test");
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText("Use a subdomain, such as go.cafe.test.")).toBeVisible();
  await page.getByRole("textbox", { name: "Domain" }).fill(DOMAIN);
  await page.getByRole("button", { name: "Add domain" }).click();
  await expect(page.getByText("Waiting for DNS")).toBeVisible();

  // The records as the page shows them, published where the app looks.
  const values = await page.locator("dd code").allTextContents();
  const [cnameName, cnameValue, txtName, txtValue] = values;
  expect(cnameName).toBe(DOMAIN);
  expect(cnameValue).toBe("localhost");
  expect(txtName).toBe(`_leadqr.${DOMAIN}`);
  expect(txtValue).toMatch(/^leadqr-verify=[0-9a-f]{32}$/);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("We can't see the TXT record yet. DNS changes can take up to an hour.")).toBeVisible();
  fs.writeFileSync(
    zoneFileOf(port),
    JSON.stringify({ [DOMAIN]: [{ type: "CNAME", value: cnameValue }], [txtName!]: [{ type: "TXT", value: txtValue }] }),
  );
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verified · HTTPS being set up")).toBeVisible();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("button", { name: "Copy TXT value" })).toBeVisible();
    expect(await fitsTheWidth(page)).toBe(true);
  }

  // The campaign's code now opens the domain.
  const png = await page.request.get(`/campaigns/${campaignId}/qr.png`);
  const image = PNG.sync.read(Buffer.from(await png.body()));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toMatch(/^HTTPS:\/\/GO\.CAFE\.TEST\/Q\/[0-9A-Z]{6}$/);

  // On the domain: the capture page and the short link, never the sign-in form or the dashboard.
  const capture = await onHost(DOMAIN, `/capture/${campaignId}`);
  expect(capture.status).toBe(200);
  expect(capture.body).toContain("A free donut with your coffee");
  expect((await onHost(DOMAIN, new URL(decoded!.data.toLowerCase()).pathname)).status).toBe(200);
  const signin = await onHost(DOMAIN, "/signin");
  expect(signin.status).toBe(302);
  expect(signin.location).toBe(`${BASE_URL}/signin`);
  expect(signin.body).not.toContain("password");
  expect((await onHost(DOMAIN, "/api/v1/campaigns")).status).toBe(404);
  expect((await onHost(`evil.test`, "/tls/ask?domain=evil.test")).status).toBe(404);
  expect((await onHost("localhost", `/tls/ask?domain=${DOMAIN}`)).status).toBe(200);
  expect((await onHost("localhost", "/tls/ask?domain=evil.test")).status).toBe(404);

  await page.getByRole("button", { name: "Remove domain" }).click();
  await page.getByRole("button", { name: `Yes, remove ${DOMAIN}` }).click();
  await expect(page.getByText("Domain removed. New codes use the main address.")).toBeVisible();
});
