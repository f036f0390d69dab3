// A Pro owner puts their codes on their own domain (decisions 390, 391, 430): Settings → Your
// domain, the records published on a local DNS server, Verify, then Caddy (deploy/Caddyfile, a
// local CA) serving the domain over HTTPS: the capture page, a phone's claim, no certificate for a
// stranger's name, and the domain's rules.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { chromium, expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { decodeCode, renderFirstPage } from "../support/pdf";
import { zoneFileOf } from "./stubs/dns.mjs";
import { caddyInstalled, tlsProxyFileOf } from "./stubs/tls-proxy.mjs";
import { adminPage, createCampaignInWizard, setPlanAsAdmin, setProAsAdmin, signUp } from "./support/helpers";
import { phoneUserAgent, uniqueEmail } from "../support/row-factories";
import { waitForMail } from "./support/mailbox";

/** The domain of an attempt: a retry's account cannot take the name the first attempt verified. */
const domainOfAttempt = (retry: number) => (retry === 0 ? "go.cafe.test" : `go${retry}.cafe.test`);
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

type TlsProxy = { httpsPort: number; rootCa: string; intermediateCa: string };

/** A request through Caddy over HTTPS for `name`, trusting only Caddy's local root CA. */
function overHttps(proxy: TlsProxy, name: string, path: string) {
  return new Promise<{ status: number; location?: string; setCookie?: string[]; body: string }>((resolve, reject) => {
    const request = https.get(
      { host: "127.0.0.1", port: proxy.httpsPort, servername: name, path, headers: { host: name }, ca: fs.readFileSync(proxy.rootCa) },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, setCookie: response.headers["set-cookie"], body }),
        );
      },
    );
    request.on("error", reject);
  });
}

/** Chromium's hash of a certificate's public key: errors are ignored only for chains holding it. */
function spkiHashOf(pemFile: string) {
  const key = new crypto.X509Certificate(fs.readFileSync(pemFile)).publicKey.export({ type: "spki", format: "der" });
  return crypto.createHash("sha256").update(key).digest("base64");
}

async function fitsTheWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("a Pro owner verifies go.cafe.test, and its codes and pages live there over HTTPS", async ({ page, browser }, testInfo) => {
  const DOMAIN = domainOfAttempt(testInfo.retry);
  test.skip(!caddyInstalled(), "Debian's caddy is not installed (apt-get install caddy): this journey needs it in front of the app");
  test.setTimeout(120_000);
  const proxy = JSON.parse(fs.readFileSync(tlsProxyFileOf(port), "utf8")) as TlsProxy;
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
  // The check fetched https://go.cafe.test through Caddy, which got the certificate after asking.
  await expect(page.getByText("Verified · HTTPS live")).toBeVisible();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("button", { name: "Copy TXT value" })).toBeVisible();
    expect(await fitsTheWidth(page)).toBe(true);
  }

  // The campaign's code now opens the domain.
  const png = await page.request.get(`/campaigns/${campaignId}/qr.png`);
  const image = PNG.sync.read(Buffer.from(await png.body()));
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toMatch(new RegExp(`^HTTPS://${DOMAIN.toUpperCase().replaceAll(".", "\\.")}/Q/[0-9A-Z]{6}$`));
  const pdf = await page.request.get(`/campaigns/${campaignId}/print.pdf`);
  expect(pdf.status()).toBe(200);
  expect(decodeCode(renderFirstPage(Buffer.from(await pdf.body())))?.text).toBe(decoded!.data);

  // Through Caddy over HTTPS: the capture page, never the sign-in form; no certificate for a stranger.
  const secure = await overHttps(proxy, DOMAIN, `/capture/${campaignId}`);
  expect(secure.status).toBe(200);
  expect(secure.body).toContain("A free donut with your coffee");
  const secureSignin = await overHttps(proxy, DOMAIN, "/signin");
  expect(secureSignin.status).toBe(302);
  expect(secureSignin.location).toBe(`${BASE_URL}/signin`);
  expect(secureSignin.body).not.toContain('type="password"');
  await expect(overHttps(proxy, "evil.test", "/")).rejects.toThrow(/alert|handshake|socket|ECONNRESET/i);

  // A phone scans the printed code and claims the offer on the domain.
  const phoneBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1:${proxy.httpsPort}, MAP evil.test 127.0.0.1:${proxy.httpsPort}`,
      `--ignore-certificate-errors-spki-list=${spkiHashOf(proxy.intermediateCa)}`,
    ],
  });
  try {
    const phone = await phoneBrowser.newPage();
    await phone.goto(decoded!.data.toLowerCase());
    expect(new URL(phone.url()).host).toBe(DOMAIN);
    await phone.getByLabel("Full Name *").fill("Dana Scully");
    await phone.getByLabel("Email Address *").fill("dana@example.com");
    await phone.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(phone.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(phone.getByText("Show this screen at the counter.")).toBeVisible();
    // A second phone without JavaScript (or tapping before the scripts arrive): the form posts
    // itself to https://{domain}/q/{code}, and the page that comes back is the thank-you.
    const noScript = await phoneBrowser.newContext({ javaScriptEnabled: false });
    const plainPhone = await noScript.newPage();
    await plainPhone.goto(decoded!.data.toLowerCase());
    await plainPhone.getByLabel("Full Name *").fill("Fox Mulder");
    await plainPhone.getByLabel("Email Address *").fill("fox@example.com");
    await plainPhone.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(plainPhone.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    expect(new URL(plainPhone.url()).host).toBe(DOMAIN);
    await noScript.close();
    // Both leads are the owner's.
    await page.goto("/leads");
    await expect(page.getByRole("table").getByText("fox@example.com")).toBeVisible();
    await expect(page.getByRole("table").getByText("dana@example.com")).toBeVisible();
    // Sign-in is never on the domain: the phone is sent to the main address for it.
    await phone.goto(`https://${DOMAIN}/signin`);
    expect(new URL(phone.url()).origin).toBe(BASE_URL);
  } finally {
    await phoneBrowser.close();
  }

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

  // The campaign may keep the main address; the short link is the same code on both.
  await page.goto(`/campaigns/${campaignId}/print`);
  await page.getByLabel("Address on printed codes").selectOption({ label: `Main address: ${new URL(BASE_URL).host}` });
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByLabel("Address on printed codes")).toHaveValue("main");
  const mainPng = PNG.sync.read(Buffer.from(await (await page.request.get(`/campaigns/${campaignId}/qr.png`)).body()));
  const onMain = jsQR(new Uint8ClampedArray(mainPng.data), mainPng.width, mainPng.height)?.data;
  expect(onMain).toBe(`${BASE_URL.toUpperCase()}${new URL(decoded!.data).pathname}`);

  await page.goto("/settings/domains");
  await page.getByRole("button", { name: "Remove domain" }).click();
  await expect(page.getByText(`Codes of 1 campaign were made with ${DOMAIN}: printed copies stop opening.`)).toBeVisible();
  await page.getByRole("button", { name: `Yes, remove ${DOMAIN}` }).click();
  await expect(page.getByText("Domain removed. New codes use the main address.")).toBeVisible();

  // Removed, the name is nobody's: Caddy still holds its certificate, and all it shows there is
  // the neutral page, with no form and no cookie (issue 52, finding 1; decision 435).
  for (const path of ["/signin", "/", `/capture/${campaignId}`]) {
    const gone = await overHttps(proxy, DOMAIN, path);
    expect({ path, status: gone.status, setCookie: gone.setCookie }).toEqual({ path, status: 404, setCookie: undefined });
    expect(gone.body).toContain("This address is not connected");
    expect(gone.body).not.toContain("<form");
  }
});

test("an Enterprise account's visitors never see the LeadQR name: page, thank-you and email", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = await signUp(page, uniqueEmail("enterprise"));
  const admin = await adminPage(browser);
  await setPlanAsAdmin(admin, email, "Enterprise");
  await admin.close();
  const campaignId = await createCampaignInWizard(page, {
    title: "Quiet Brand Bakery",
    businessType: "Bakery",
    offer: "Free croissant",
    condition: "with any coffee",
    headline: "A free croissant with your coffee",
    thankYou: "Show this screen at the counter.",
  });

  const visitor = await browser.newContext({ userAgent: phoneUserAgent(4300) });
  const phone = await visitor.newPage();
  await phone.goto(`/capture/${campaignId}`);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("A free croissant with your coffee");
  expect(await phone.content()).not.toContain("LeadQR");
  await phone.getByLabel("Full Name *").fill("Wren Walker");
  await phone.getByLabel("Email Address *").fill("wren@example.com");
  await phone.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(phone.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  expect(await phone.content()).not.toContain("LeadQR");
  await visitor.close();

  const mail = await waitForMail("wren@example.com", /offer code/i);
  // Quoted-printable soft line breaks joined, so a name split across lines is still found.
  const sent = mail.raw.replace(/=\r?\n/g, "");
  expect(sent).toContain("Sent on behalf of");
  expect(sent).not.toContain("LeadQR");
});
