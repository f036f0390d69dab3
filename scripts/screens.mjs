// node scripts/screens.mjs (npm run screens) — screenshots of the owner's first hour at 390 px
// (a phone) and 1280 px (a laptop), written to docs/screens/<step>-390.png and -1280.png so a
// reviewer can see every screen without running the app. Needs a production build (`npm run
// build`) and Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Starts the app through
// scripts/e2e-server.mjs (production build, fresh data folder, local SMTP and OpenAI stand-ins),
// walks sign-up → verification → the wizard → launch → a visitor's claim → the owner's screens,
// and writes one pair of images per step. Knob: SCREENS_STEPS=leads,settings (only those steps).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";

const OUT = path.resolve("docs/screens");
const WIDTHS = [
  { width: 390, height: 844, isMobile: true },
  { width: 1280, height: 800, isMobile: false },
];
// A screenshot taller than this is cut: the top of a screen is what a reviewer compares.
const MAX_HEIGHT = { 390: 6000, 1280: 3000 };
const ONLY = process.env.SCREENS_STEPS ? new Set(process.env.SCREENS_STEPS.split(",")) : null;
const PASSWORD = "correct-horse-battery";
const OWNER = "maria@corner-bakery.example";
// The e2e server's ADMIN_EMAILS address.
const ADMIN = "admin@e2e.test";

if (!fs.existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
fs.mkdirSync(OUT, { recursive: true });

const port = await freePort();
const origin = `http://localhost:${port}`;
const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
  env: { ...process.env, PORT: String(port), APP_URL: origin, LOG_LEVEL: "error" },
  stdio: ["ignore", "ignore", "inherit"],
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  await waitForServer(`${origin}/healthz`);
  await walk();
  console.log(`Screens written to ${path.relative(process.cwd(), OUT)}/`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}

async function walk() {
  // One owner context at desktop size; each step is also shot in a phone-sized context sharing its cookies.
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();

  await page.goto("/signup");
  await shoot(page, "01-sign-up");
  await page.getByLabel("Email address").fill(OWNER);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(/\/dashboard$/);
  await shoot(page, "02-dashboard-before-verifying");

  const mail = await waitForMail(OWNER, "Confirm your email address");
  await page.goto(linkIn(mail, "/verify-email"));
  await page.getByRole("heading", { name: "Email address confirmed" }).waitFor();
  await shoot(page, "03-email-verified");

  await page.goto("/campaigns?new=1");
  const wizard = page.getByRole("dialog", { name: "Create New Campaign" });
  await wizard.getByLabel("Campaign Title").fill("Corner Bakery — Saturday morning croissant club");
  await wizard.getByLabel("Business Type").selectOption("Bakery");
  await wizard.getByLabel("Offer", { exact: true }).fill("Free croissant");
  await wizard.getByLabel("Offer Condition").fill("With any hot drink before 11 am");
  await shoot(page, "04-wizard-details", { screenful: true });
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Headline").fill("A warm butter croissant on us with your morning coffee at Corner Bakery");
  await wizard.getByLabel("Thank-you Message").fill("Thanks! Show this screen at the counter to get your croissant.");
  await shoot(page, "05-wizard-design", { screenful: true });
  await wizard.getByRole("button", { name: "Next" }).click();
  await shoot(page, "06-wizard-launch", { screenful: true });
  await wizard.getByRole("button", { name: "Launch Campaign" }).click();
  await wizard.waitFor({ state: "hidden" });
  await page.waitForLoadState("networkidle");
  // Whatever the wizard lands on after a launch.
  await shoot(page, "07-after-launch");

  await page.goto("/campaigns");
  const card = page.getByRole("article").first();
  const campaignId = (await card.getByRole("link", { name: "View Page" }).getAttribute("href")).split("/").pop();
  await page.goto(`/campaigns/${campaignId}`);
  for (const name of ["Window poster", "Table tent by the till", "Flyer in the farmers' market bag"]) {
    await page.getByLabel("Placement name").fill(name);
    await page.getByRole("button", { name: "Add placement" }).click();
    await page.getByRole("row", { name: new RegExp(name) }).waitFor();
  }

  const visitors = [
    ["Alexandra Konstantinopoulou-Whitfield", "alexandra.konstantinopoulou@example.com", "+44 7700 900123"],
    ["Ben Okafor", "ben@example.com", ""],
    ["Chloé Dubois", "chloe.dubois@example.org", "+33 6 12 34 56 78"],
    ["Dev Patel", "dev.patel@example.net", ""],
  ];
  let firstCode = "";
  for (const [index, [name, email, phone]] of visitors.entries()) {
    const visitor = await browser.newContext({
      baseURL: origin,
      userAgent: phoneAgent(index),
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const capture = await visitor.newPage();
    await capture.goto(`/capture/${campaignId}`);
    if (index === 0) await shoot(capture, "08-capture-page");
    await capture.getByLabel("Full Name *").fill(name);
    await capture.getByLabel("Email Address *").fill(email);
    if (phone) await capture.getByLabel("Phone Number").fill(phone);
    await capture.getByRole("button", { name: "Claim My Offer" }).click();
    await capture.getByRole("heading", { name: "Thank You!" }).waitFor();
    if (index === 0) {
      await shoot(capture, "09-offer-claimed");
      firstCode = (await capture.getByTestId("offer-code").textContent()).trim();
    }
    await visitor.close();
  }

  await page.goto("/leads");
  await page.getByRole("link", { name: visitors[0][0] }).click();
  await page.waitForURL(/\/leads\/[^/]+$/);
  await shoot(page, "10-lead");
  await page.goto("/dashboard");
  await shoot(page, "11-dashboard");
  await page.goto("/leads");
  await shoot(page, "12-leads");
  await page.goto(`/campaigns/${campaignId}`);
  await shoot(page, "13-campaign-and-analytics");
  await page.goto("/settings");
  await shoot(page, "14-settings");
  await page.goto("/redeem");
  await shoot(page, "15-redeem-counter");
  // The print kit on this address: the check says who can open the code.
  await page.goto(`/campaigns/${campaignId}/print`);
  await shoot(page, "16-print-check");
  // A code used once, looked up again: the counter's alert.
  await page.goto(`/redeem?code=${firstCode}`);
  await page.getByRole("button", { name: "Mark redeemed" }).click();
  await page.getByRole("button", { name: "Undo redeem" }).waitFor();
  await page.goto(`/redeem?code=${firstCode}`);
  await page.getByRole("alert").waitFor();
  await shoot(page, "17-redeem-already-redeemed");

  // The campaign card's menu, open (Print and Languages among its items).
  await page.goto("/campaigns");
  await page
    .getByRole("button", { name: /^Actions for / })
    .first()
    .click();
  await page.getByRole("menu").waitFor();
  await shoot(page, "19-campaign-card-menu", { screenful: true });
  await page.keyboard.press("Escape");
  await page.goto(`/campaigns/${campaignId}/languages`);
  await shoot(page, "20-campaign-languages");
  // A visitor's privacy notice (what a phone's cookies are called, who runs the page).
  await page.goto(`/capture/${campaignId}/privacy`);
  await shoot(page, "21-capture-privacy");
  // A German phone on a campaign without German copy: the whole page in the page's language.
  const german = await browser.newContext({ baseURL: origin, locale: "de-DE", extraHTTPHeaders: { "Accept-Language": "de-DE,de;q=0.9" } });
  const germanPage = await german.newPage();
  await germanPage.goto(`/capture/${campaignId}`);
  await shoot(germanPage, "22-capture-german-phone");
  await german.close();

  // The admin: plans are one control; the owner becomes Pro so their domain and sync screens show.
  const adminContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await admin.goto("/signup");
  await admin.getByLabel("Email address").fill(ADMIN);
  await admin.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await admin.getByRole("button", { name: "Create Account" }).click();
  await admin.waitForURL(/\/dashboard$/);
  await admin.goto(linkIn(await waitForMail(ADMIN, "Confirm your email address"), "/verify-email"));
  await admin.getByRole("heading", { name: "Email address confirmed" }).waitFor();
  await admin.goto(`/admin/subscriptions?q=${encodeURIComponent(OWNER)}`);
  await admin.getByRole("combobox", { name: `Plan for ${OWNER}` }).selectOption({ label: "Pro" });
  await admin.getByRole("button", { name: `Save plan for ${OWNER}` }).click();
  await admin.getByRole("status").waitFor();
  await admin.goto("/admin/subscriptions");
  await shoot(admin, "23-admin-subscriptions");
  await admin.goto("/admin/users");
  await shoot(admin, "24-admin-users");
  await admin.goto("/settings/integrations/sync");
  await shoot(admin, "27-lead-sync-admin");
  // A post on the blog, signed with the author's name.
  await admin.goto("/admin/blog/new");
  await admin.getByLabel("Title *").fill("Five places to put a QR code in a bakery");
  await admin.getByLabel("Excerpt").fill("Where people wait, look and pay: the till, the window, the bag.");
  await admin
    .getByLabel("Content *")
    .fill("## The till\nPeople wait there.\n## The window\nPeople look there.\n* A poster at eye level\n* A sticker by the door");
  await admin.getByLabel("Publish immediately").check();
  await admin.getByRole("button", { name: "Create Post" }).click();
  await admin.waitForURL(/\/admin\/blog/);
  await adminContext.close();

  await page.goto("/settings/domains");
  await page.getByRole("textbox", { name: "Domain" }).fill("go.corner-bakery.example");
  await page.getByRole("button", { name: "Add domain" }).click();
  await page.getByText("Waiting for DNS").waitFor();
  await shoot(page, "25-domains");
  await page.goto("/settings/integrations/sync");
  await shoot(page, "26-lead-sync-owner");
  await page.goto("/blog");
  await shoot(page, "28-blog");
  await page
    .getByRole("link", { name: /^Read more: / })
    .first()
    .click();
  await page.waitForURL(/\/blog\/.+/);
  await shoot(page, "29-blog-post");
  await context.close();

  // The landing page's Watch Demo, as a visitor who is not signed in opens it.
  const visitor = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  const landing = await visitor.newPage();
  await landing.goto("/");
  // The page's script starts after its first paint (decision 485): press again until it has.
  const demo = landing.getByRole("dialog", { name: "What your guests see" });
  for (let attempt = 0; attempt < 10 && !(await demo.isVisible()); attempt++) {
    await landing.getByRole("button", { name: "Watch Demo" }).click();
    await demo.waitFor({ timeout: 3000 }).catch(() => {});
  }
  await demo.waitFor();
  // The dialog scrolls inside itself over a long page: one screenful is what the visitor sees.
  await shoot(landing, "18-watch-demo", { screenful: true });
  await visitor.close();
}

/** The page at 1280 px, then the same address (or, for a dialog, the same page resized) at 390 px. */
async function shoot(page, step, { screenful = false } = {}) {
  if (ONLY && !ONLY.has(step.replace(/^\d+-/, ""))) return;
  const original = page.viewportSize();
  for (const size of [...WIDTHS].sort((a, b) => b.width - a.width)) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const height = screenful ? size.height : Math.min(MAX_HEIGHT[size.width], await page.evaluate(() => document.documentElement.scrollHeight));
    const image = await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width: size.width, height: Math.max(height, size.height) } });
    // A 256-colour palette keeps a screen of flat UI colours readable at a fraction of the bytes.
    await sharp(image)
      .png({ palette: true, compressionLevel: 9, effort: 10 })
      .toFile(path.join(OUT, `${step}-${size.width}.png`));
  }
  await page.setViewportSize(original);
}

function phoneAgent(n) {
  return `Mozilla/5.0 (Linux; Android 14; Screens Phone ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36`;
}

async function waitForMail(address, subject) {
  const { url } = JSON.parse(fs.readFileSync(path.join(os.tmpdir(), `leadqr-e2e-mailbox-${port}.json`), "utf8"));
  for (let i = 0; i < 100; i++) {
    const mails = await (await fetch(`${url}/messages`)).json();
    const found = mails.find((mail) => mail.to.includes(address) && mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

function linkIn(mail, pathname) {
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[^\\s"<>]+`).exec(body);
  if (!match) throw new Error(`no ${pathname} link in "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, "&"));
  return url.pathname + url.search;
}

async function waitForServer(url) {
  // Up to five minutes: a first start on a machine busy with other builds takes more than one.
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
