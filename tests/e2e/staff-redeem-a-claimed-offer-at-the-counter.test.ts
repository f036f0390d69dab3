import { expect, test, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";
import { DEFAULT_PASSWORD, phoneUserAgent } from "../support/row-factories";

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

let app: CaptureServer;
test.beforeAll(async () => {
  app = await startCaptureServer();
});
test.afterAll(async () => {
  await app?.stop();
});

async function claim(page: Page, campaignId: string, name: string, email: string) {
  await page.goto(`${app.baseURL}/capture/${campaignId}`);
  await page.getByLabel("Full Name *").fill(name);
  await page.getByLabel("Email Address *").fill(email);
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("Show this at the counter")).toBeVisible();
  const code = (await page.getByTestId("offer-code").textContent())!.trim();
  // The QR on the visitor's screen, as a staff phone's camera sees it, opens the counter with this code.
  const shot = PNG.sync.read(await page.getByRole("img", { name: "QR code of your offer code" }).screenshot());
  const read = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height)?.data ?? "";
  expect(new URL(read).searchParams.get("code")).toBe(code);
  return code;
}

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test("a visitor claims a code, staff redeem it on a phone exactly once, and the owner's funnel counts it", async ({ browser }) => {
  // The owner signs up and has a campaign whose codes are valid for 30 days.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const email = `counter-${Date.now()}@e2e.test`;
  await owner.goto(`${app.baseURL}/signup`);
  await owner.getByLabel("Email address").fill(email);
  await owner.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await owner.getByRole("button", { name: "Create Account" }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  // The wizard's first step sets the offer and how long its codes stay valid.
  await owner.goto(`${app.baseURL}/campaigns`);
  await owner.getByRole("link", { name: "New Campaign" }).click();
  const wizard = owner.getByRole("dialog", { name: "Create New Campaign" });
  await wizard.getByLabel("Campaign Title").fill("Pastry Week");
  await wizard.getByLabel("Business Type").selectOption("Coffee Shop");
  await wizard.getByLabel("Offer", { exact: true }).fill("20% off");
  await wizard.getByLabel("Offer Condition").fill("any order");
  await wizard.getByRole("radio", { name: "Valid for" }).check();
  await wizard.getByLabel("Days after the claim").fill("30");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByLabel("Headline").fill("Free Pastry With Every Coffee This Week");
  await wizard.getByLabel("Thank-you Message").fill("Show this screen at the counter to claim your pastry.");
  await wizard.getByRole("button", { name: "Next" }).click();
  await wizard.getByRole("button", { name: "Launch Campaign" }).click();
  await expect(wizard).toBeHidden();
  const rows = await app.query(`select c.id from campaign c join "user" u on u.id = c.user_id where u.email = $1`, [email]);
  const campaign = { id: rows[0].id as string };
  const rules = await app.query(`select expiry, valid_days from offer_rule where campaign_id = $1`, [campaign.id]);
  expect(rules).toEqual([{ expiry: "days", valid_days: 30 }]);

  // The owner makes a staff link for this campaign.
  await owner.goto(`${app.baseURL}/redeem/staff`);
  await owner.getByLabel("Name (who or where it is for)").fill("Front counter");
  await owner.getByLabel("Codes it can redeem").selectOption({ label: "Pastry Week" });
  await owner.getByRole("button", { name: "Create link" }).click();
  await expect(owner.getByText("Copy it now: it is shown only once.")).toBeVisible();
  const staffLink = await owner.getByRole("textbox", { name: "Staff link" }).inputValue();
  expect(staffLink).toMatch(/\/redeem\/s\/[A-Za-z0-9_-]+$/);

  // Two visitors claim on their phones; one will come in.
  const visitorContext = await browser.newContext({ ...PHONE, userAgent: phoneUserAgent(1) });
  const visitor = await visitorContext.newPage();
  const code = await claim(visitor, campaign.id, "Ada Lovelace", "ada@example.com");
  expect(code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);
  await expect(visitor.getByRole("img", { name: "QR code of your offer code" }).locator("svg")).toBeVisible();
  // Thirty days from today, as the visitor's calendar reads it.
  const validUntil = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000 - 60_000));
  await expect(visitor.getByText(`Valid until ${validUntil}`, { exact: true })).toBeVisible();
  await fitsTheScreen(visitor);
  // Claiming again with the same email from another phone shows no code: it goes to Ada's mailbox.
  const secondPhone = await browser.newContext({ ...PHONE, userAgent: phoneUserAgent(2) });
  const impostor = await secondPhone.newPage();
  await impostor.goto(`${app.baseURL}/capture/${campaign.id}`);
  await impostor.getByLabel("Full Name *").fill("Ada L.");
  await impostor.getByLabel("Email Address *").fill("ADA@example.com");
  await impostor.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(impostor.getByText("This offer was already claimed with this email address. We sent the code to that address.")).toBeVisible();
  await expect(impostor.getByTestId("offer-code")).toHaveCount(0);
  expect(await impostor.content()).not.toContain(code);
  const thirdPhone = await browser.newContext({ ...PHONE, userAgent: phoneUserAgent(3) });
  await claim(await thirdPhone.newPage(), campaign.id, "No Show", "noshow@example.com");

  // A second till without JavaScript has the code open before the first one redeems it.
  const slowContext = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const slow = await slowContext.newPage();
  await slow.goto(staffLink);
  await expect(slow).toHaveURL(/\/redeem$/);
  await slow.getByLabel("Offer code").fill(code);
  await slow.getByRole("button", { name: "Look up" }).click();
  await expect(slow.getByRole("button", { name: "Mark redeemed" })).toBeVisible();

  // Staff on a phone: the link opens the counter; they type the code as they read it.
  const staffContext = await browser.newContext(PHONE);
  const staff = await staffContext.newPage();
  await staff.goto(staffLink);
  await expect(staff).toHaveURL(/\/redeem$/);
  await expect(staff.getByRole("heading", { name: "Check a code" })).toBeVisible();
  await expect(staff.getByText("Staff: Front counter")).toBeVisible();
  await staff.getByLabel("Offer code").fill(code.replaceAll("-", "").toLowerCase());
  await staff.getByRole("button", { name: "Look up" }).click();
  await expect(staff.getByRole("heading", { name: code })).toBeVisible();
  await expect(staff.getByText("20% off", { exact: true })).toBeVisible();
  await expect(staff.getByText("Ada", { exact: true })).toBeVisible();
  await expect(staff.getByText(/^Valid until /)).toBeVisible();
  await fitsTheScreen(staff);
  await staff.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(staff.getByRole("status")).toHaveText("Redeemed. Hand over the offer.");
  // Ready for the next customer: the field is empty and the card says what just happened.
  await expect(staff.getByLabel("Offer code")).toHaveValue("");
  await expect(staff.getByText("Redeemed just now", { exact: true })).toBeVisible();
  await expect(staff.getByText(/^Already redeemed/)).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Mark redeemed" })).toHaveCount(0);
  await expect(staff.getByRole("button", { name: "Undo redeem" })).toBeVisible();

  // The other till presses too late: it is told when the code was redeemed.
  await slow.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(slow.getByRole("alert")).toContainText(/^Already redeemed on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2}\s?[AP]M by Front counter/);
  const codes = await app.query(`select count(*)::int as n from offer_code where redeemed_at is not null and campaign_id = $1`, [campaign.id]);
  expect(codes[0].n).toBe(1);

  // A staff link is not a session: the owner's pages stay closed to it.
  await staff.goto(`${app.baseURL}/leads`);
  await expect(staff).toHaveURL(/\/signin$/);

  // The owner sees scans → leads → redeemed.
  await owner.goto(`${app.baseURL}/campaigns`);
  // Ada's second claim made no second lead (decision 344): two leads, one redeemed.
  await expect(owner.getByTestId("card-redeemed")).toHaveText("Redeemed: 1 (50% of leads)");
  await owner.goto(`${app.baseURL}/dashboard`);
  await expect(owner.getByTestId("funnel-scans")).toHaveText("3");
  await expect(owner.getByTestId("funnel-leads")).toHaveText("2");
  await expect(owner.getByTestId("funnel-redeemed")).toHaveText("1");
  const funnel = owner.getByRole("list", { name: "Funnel: scans, leads, redeemed" });
  await expect(funnel.getByRole("listitem").nth(1)).toContainText("66.7%");
  await expect(funnel.getByRole("listitem").nth(2)).toContainText("50%");
  // The campaign's analytics page shows the same funnel.
  await owner.goto(`${app.baseURL}/campaigns/${campaign.id}`);
  const detailFunnel = owner.getByRole("list", { name: "Funnel: scans, leads, redeemed" });
  await expect(detailFunnel.getByTestId("funnel-redeemed")).toHaveText("1");
  await expect(detailFunnel.getByRole("listitem").nth(2)).toContainText("50%");
  await owner.goto(`${app.baseURL}/leads`);
  await expect(owner.getByRole("columnheader", { name: "Redeemed At" })).toBeVisible();
  // Ada's one lead shows the redeem (her second claim stored no lead); the no-show shows none.
  await expect(owner.getByRole("row").filter({ hasText: "Ada Lovelace" }).locator("time")).toHaveCount(2);
  await expect(owner.getByRole("row").filter({ hasText: "Ada L." })).toHaveCount(0);
  await expect(owner.getByRole("row").filter({ hasText: "No Show" }).locator("time")).toHaveCount(1);

  for (const context of [ownerContext, visitorContext, secondPhone, thirdPhone, slowContext, staffContext]) await context.close();
});
