// Issue 14 journeys on a production server with a fresh PostgreSQL and the SMTP stub: the
// visitor's consent as they give it, confirm it and withdraw it; the owner sees, exports and
// erases it.
import { expect, test, type Browser } from "@playwright/test";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";
import { signUpOver } from "./support/processes";
import { readMail } from "./support/mailbox";
import { phoneUserAgent } from "../support/row-factories";

let app: CaptureServer;
test.beforeAll(async () => {
  app = await startCaptureServer();
});
test.afterAll(async () => {
  await app?.stop();
});

let ownerCounter = 0;

/** A real account (signed up over HTTP), Pro so scans never run out, with a business name. */
async function createOwner() {
  const email = `consent-owner-${Date.now()}-${++ownerCounter}@e2e.test`;
  const cookie = await signUpOver(app.baseURL, email);
  const rows = await app.query(`update "user" set is_pro = true where email = $1 returning id`, [email]);
  const id = rows[0].id as string;
  await app.query(`insert into business_profile (user_id, name) values ($1, 'Bean There Café')`, [id]);
  await app.query(`insert into business_identity (user_id, postal_address) values ($1, '1 Main Street, Springfield')`, [id]);
  return { id, email, cookie };
}

async function ownerPage(browser: Browser, cookie: string) {
  const context = await browser.newContext();
  // Production on localhost uses __Secure- cookies (Chromium counts localhost as secure).
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Lax" as const };
    }),
  );
  return context.newPage();
}

async function campaignWith(ownerId: string, mode: "checkbox" | "double_opt_in", title: string) {
  const { id } = await app.createCampaignRow(ownerId, { title });
  await app.query(`update campaign set consent_mode = $2 where id = $1`, [id, mode]);
  return id;
}

let phones = 0;

async function claim(browser: Browser, campaignId: string, visitor: { name: string; email: string; tick: boolean }) {
  // Each claim is its own phone: one browser's contexts share an address and would be one visitor.
  const context = await browser.newContext({ userAgent: phoneUserAgent(++phones) });
  const page = await context.newPage();
  await page.goto(`${app.baseURL}/capture/${campaignId}`);
  await page.getByLabel("Full Name *").fill(visitor.name);
  await page.getByLabel("Email Address *").fill(visitor.email);
  if (visitor.tick) await page.getByLabel("I agree to receive marketing emails from Bean There Café. I can withdraw my consent at any time.").check();
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  return { page, context };
}

async function mailsTo(address: string) {
  return (await app.mails()).filter((mail) => mail.to.includes(address)).map(readMail);
}

async function leadIdOf(email: string) {
  const rows = await app.query(`select id from lead where email = $1`, [email]);
  return rows[0]?.id as string | undefined;
}

test("an unticked box gives a lead without consent; the owner sees it and erases it from page, CSV and database", async ({ browser }) => {
  const owner = await createOwner();
  const campaignId = await campaignWith(owner.id, "checkbox", "Pastry Week");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${app.baseURL}/capture/${campaignId}`);
  // The offer, the business and its privacy notice are on the page.
  await expect(visitor.getByText("20% off · any order")).toBeVisible();
  await expect(visitor.getByRole("checkbox")).not.toBeChecked();
  await visitor.getByRole("link", { name: "Privacy" }).click();
  await expect(
    visitor.getByText("LeadQR runs this page and stores these details on behalf of Bean There Café, as its processor.", { exact: false }),
  ).toBeVisible();
  await visitor.goBack();
  await visitor.context().close();

  await claim(browser, campaignId, { name: "Nora Nobox", email: "nora@example.com", tick: false });
  const leadId = (await leadIdOf("nora@example.com"))!;
  expect(leadId).toBeTruthy();
  // No marketing is sent without a tick: only the code of the claim, a transactional email (decision 343).
  await expect.poll(async () => (await mailsTo("nora@example.com")).map((mail) => mail.subject)).toEqual(["Your offer code from Bean There Café"]);

  const page = await ownerPage(browser, owner.cookie);
  await page.goto(`${app.baseURL}/leads`);
  await page.getByRole("link", { name: "Nora Nobox" }).click();
  await expect(page).toHaveURL(`${app.baseURL}/leads/${leadId}`);
  await expect(page.getByTestId("consent-status")).toHaveText("no consent");
  await expect(page.getByText("“I agree to receive marketing emails from Bean There Café. I can withdraw my consent at any time.”")).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export this person's data" }).click()]);
  const exported = JSON.parse(Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8"));
  expect(exported.lead.email).toBe("nora@example.com");
  expect(exported.consent).toMatchObject({ status: "no consent", mode: "checkbox", ticked: false });

  await page.getByLabel("Yes, erase everything we hold about this lead").check();
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page).toHaveURL(`${app.baseURL}/leads?erased=1`);
  await expect(page.getByRole("status")).toHaveText("The lead was erased.");
  await expect(page.getByText("nora@example.com")).toHaveCount(0);
  const csv = await page.request.get(`${app.baseURL}/leads/export.csv`);
  expect(await csv.text()).not.toContain("nora@example.com");
  expect(await leadIdOf("nora@example.com")).toBeUndefined();
  const rows = await app.query(`select count(*)::int as n from lead_consent where lead_id = $1`, [leadId]);
  expect(rows[0].n).toBe(0);
  // Erased leads are gone for good: their page is a 404.
  expect((await page.goto(`${app.baseURL}/leads/${leadId}`))?.status()).toBe(404);
});

test("double opt-in: the visitor gets a plain email, confirms, then withdraws with one click", async ({ browser }) => {
  const owner = await createOwner();
  const campaignId = await campaignWith(owner.id, "double_opt_in", "Tulip Friday");
  const { page: visitor } = await claim(browser, campaignId, { name: "Otto Optin", email: "otto@example.com", tick: true });
  await expect(visitor.getByText("Please check your inbox and confirm your email address.")).toBeVisible();
  const shownCode = (await visitor.getByTestId("offer-code").textContent())!.trim();
  expect(shownCode).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);

  await expect.poll(async () => (await mailsTo("otto@example.com")).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo("otto@example.com");
  expect(mail!.subject).toBe("Please confirm: emails from Bean There Café");
  expect(mail!.text).toContain("1 Main Street, Springfield");
  expect(mail!.text).not.toContain("20% off");
  // The code on the thank-you screen is the one in the mailbox (issue 15, decision 125).
  expect(mail!.text).toContain(`Your offer code: ${shownCode}`);
  expect(mail!.text).toContain("Show this at the counter");
  const confirmUrl = /(http:\/\/localhost:\d+\/consent\/confirm\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const withdrawUrl = /(http:\/\/localhost:\d+\/consent\/withdraw\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  expect(mail!.headers.replace(/\s+/g, "")).toContain(`List-Unsubscribe:<${withdrawUrl}>`);
  expect(mail!.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

  const owners = await ownerPage(browser, owner.cookie);
  const leadId = (await leadIdOf("otto@example.com"))!;
  await owners.goto(`${app.baseURL}/leads/${leadId}`);
  await expect(owners.getByTestId("consent-status")).toHaveText("awaiting confirmation");

  await visitor.goto(confirmUrl);
  await visitor.getByRole("button", { name: "Confirm" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you, you are confirmed" })).toBeVisible();
  await owners.reload();
  await expect(owners.getByTestId("consent-status")).toHaveText("confirmed");
  // Single use.
  await visitor.goto(confirmUrl);
  await expect(visitor.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

  await visitor.goto(withdrawUrl);
  await visitor.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(visitor.getByRole("heading", { name: "Consent withdrawn" })).toBeVisible();
  await owners.reload();
  await expect(owners.getByTestId("consent-status")).toHaveText("consent withdrawn");
});

test("an offer that requires consent shows no code on the screen: it is in the visitor's email", async ({ browser }) => {
  const owner = await createOwner();
  const campaignId = await campaignWith(owner.id, "double_opt_in", "Muffin Monday");
  await app.query(`update campaign set offer_requires_consent = true where id = $1`, [campaignId]);
  const { page: visitor } = await claim(browser, campaignId, { name: "Rita Required", email: "rita@example.com", tick: true });
  await expect(visitor.getByText("Please check your inbox and confirm your email address.")).toBeVisible();
  await expect(visitor.getByText("Your offer code is in the email we sent you.")).toBeVisible();
  // Read first, under the heading: the owner's thank-you below it may speak of a code this screen does not show.
  await expect(visitor.locator(".cq-card [role=status] > :nth-child(2)")).toHaveText("Your offer code is in the email we sent you.");
  await expect(visitor.getByTestId("offer-code")).toHaveCount(0);
  await expect.poll(async () => (await mailsTo("rita@example.com")).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo("rita@example.com");
  const rows = await app.query(`select code from offer_code where campaign_id = $1`, [campaignId]);
  const stored = rows[0].code as string;
  expect(mail!.text).toContain(`Your offer code: ${stored.slice(0, 3)}-${stored.slice(3, 6)}-${stored.slice(6)}`);
});

test("one address gets at most one confirmation email per campaign per day", async ({ browser }) => {
  const owner = await createOwner();
  const campaignId = await campaignWith(owner.id, "double_opt_in", "Croissant Week");
  await claim(browser, campaignId, { name: "Vic Victim", email: "vic@example.com", tick: true });
  await claim(browser, campaignId, { name: "Vic Victim", email: "VIC@example.com", tick: true });
  const rows = await app.query(`select count(*)::int as n from lead where campaign_id = $1`, [campaignId]);
  // The same address is one lead (decision 344); its second claim queued no second email either.
  expect(rows[0].n).toBe(1);
  await expect.poll(async () => (await mailsTo("vic@example.com")).length, { timeout: 20_000 }).toBe(1);
  // Give the worker time to send anything else it might have queued.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect((await app.mails()).filter((mail) => mail.to.some((to) => to.toLowerCase() === "vic@example.com"))).toHaveLength(1);
});
