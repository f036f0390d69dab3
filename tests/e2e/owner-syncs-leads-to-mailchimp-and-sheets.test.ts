// A Pro owner sends their leads to Mailchimp and a Google Sheet (decisions 400–403, 440), against
// local stand-ins speaking each provider's OAuth and REST shapes, run by this journey on its own
// port beside its own production server: connect both on a phone, pick an audience, create a
// sheet, send the lead collected before; a consenting visitor reaches both, one who does not
// reaches the sheet only; a Mailchimp outage delays a lead, the log shows the failure and the
// retry; an erased lead leaves the audience and its sheet row.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { startProviderStandIns } from "../support/sync-support";
import { startCaptureServer, type CaptureServer } from "./support/capture-server";
import { signUp } from "./support/helpers";
import { phoneUserAgent, uniqueEmail } from "../support/row-factories";

const BUSINESS = "Bean There Café";
const CONSENT = `I agree to receive marketing emails from ${BUSINESS}. I can withdraw my consent at any time.`;
/** The first minute: how long a lead may take to reach a destination. */
const WITHIN_A_MINUTE = { timeout: 60_000, intervals: [500] };

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;
let app: CaptureServer;

test.beforeAll(async () => {
  standIns = await startProviderStandIns({ port: Number(process.env.E2E_SYNC_STAND_IN_PORT ?? 0) });
  app = await startCaptureServer(standIns.env);
});
test.afterAll(async () => {
  await app?.stop();
  await standIns?.close();
});

let phones = 0;

async function visitorClaims(browser: Browser, campaignId: string, visitor: { name: string; email: string; tick: boolean }) {
  const context = await browser.newContext({ userAgent: phoneUserAgent(++phones), viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${app.baseURL}/capture/${campaignId}`);
  await page.getByLabel("Full Name *").fill(visitor.name);
  await page.getByLabel("Email Address *").fill(visitor.email);
  if (visitor.tick) await page.getByLabel(CONSENT).check();
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await context.close();
}

const member = (email: string) => standIns.state.mailchimp.members.get(`list-cafe/${subscriberHash(email)}`);
const sheetRows = () => [...standIns.state.google.sheets.values()].find((sheet) => sheet.title === `${BUSINESS} leads`)?.rows ?? [];
const inSheet = (email: string) => sheetRows().some((row) => row[2] === email);
/** Mailchimp's member upserts as they reached the stand-in: the address's md5 in the path. */
const memberPuts = (email: string) =>
  standIns.state.calls.filter((call) => call.method === "PUT" && call.path === `/mc/3.0/lists/list-cafe/members/${subscriberHash(email)}`);

/** The sync log's row for a lead and destination, as the owner reads it. */
function logRow(page: Page, lead: string, destination: string) {
  // Rows by tag: on a phone the log's cells stack, which may hide the table's roles.
  return page.locator("tbody tr").filter({ hasText: lead }).filter({ hasText: destination }).first();
}

async function connectOnThePhone(page: Page, provider: string) {
  await page.getByRole("button", { name: `Connect ${provider}` }).click();
  await expect(page.getByRole("heading", { name: /^Allow LeadQR to access/ })).toBeVisible();
  await page.getByRole("link", { name: "Allow" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${provider} is connected.` })).toBeVisible();
}

test("a Pro owner syncs leads to Mailchimp and a Google Sheet, with consent, through an outage and an erasure", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const email = await signUp(page, uniqueEmail("sync"));
  const [owner] = await app.query(`update "user" set is_pro = true where email = $1 returning id`, [email]);
  await app.query(`update "user" set email_verified = true where id = $1`, [owner.id]);
  await app.query(`insert into business_profile (user_id, name) values ($1, $2)`, [owner.id, BUSINESS]);
  const { id: campaignId } = await app.createCampaignRow(owner.id, { title: "Pastry Week" });
  await app.query(`update campaign set consent_mode = 'checkbox' where id = $1`, [campaignId]);
  // A lead from before any connection: sent on request once a destination is chosen.
  await visitorClaims(browser, campaignId, { name: "Eve Early", email: "eve@example.com", tick: true });

  // On a phone: Settings → Integrations → lead sync; connect both and choose where leads go.
  await page.goto("/settings/integrations");
  await page.getByRole("link", { name: "Mailchimp and Google Sheets" }).click();
  await expect(page.getByRole("heading", { name: "Lead sync", level: 1 })).toBeVisible();
  await connectOnThePhone(page, "Mailchimp");
  await page.getByLabel("Audience").selectOption({ label: "Café regulars" });
  await page.getByRole("button", { name: "Use this audience" }).click();
  await expect(page.getByRole("status").filter({ hasText: "New leads go to the audience “Café regulars”." })).toBeVisible();
  await page.getByRole("button", { name: "Send my 1 existing lead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending 1 existing lead." })).toBeVisible();

  await connectOnThePhone(page, "Google Sheets");
  await page.getByRole("button", { name: "Create a new sheet" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Created the sheet “${BUSINESS} leads”. New leads go there.` })).toBeVisible();
  await page.getByRole("button", { name: "Send my 1 existing lead" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sending 1 existing lead." })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect.poll(() => member("eve@example.com")?.status, WITHIN_A_MINUTE).toBe("subscribed");
  await expect.poll(() => inSheet("eve@example.com"), WITHIN_A_MINUTE).toBe(true);

  // A visitor who consents reaches the audience and the sheet; one who does not, the sheet only.
  await visitorClaims(browser, campaignId, { name: "Cora Consent", email: "cora@example.com", tick: true });
  await visitorClaims(browser, campaignId, { name: "Nils Nobox", email: "nils@example.com", tick: false });
  await expect.poll(() => memberPuts("cora@example.com").length, WITHIN_A_MINUTE).toBe(1);
  expect(member("cora@example.com")).toMatchObject({ status: "subscribed", email: "cora@example.com" });
  await expect.poll(() => inSheet("cora@example.com") && inSheet("nils@example.com"), WITHIN_A_MINUTE).toBe(true);
  expect(sheetRows().find((row) => row[2] === "nils@example.com")![7]).toBe("no consent");
  await page.reload();
  await expect(logRow(page, "nils@example.com", "Mailchimp")).toContainText("Not sent: no marketing consent.");
  expect(memberPuts("nils@example.com")).toHaveLength(0);

  // Mailchimp goes down: the lead waits (the sheet has it), the log says why, and it arrives once Mailchimp is back.
  standIns.state.mailchimpDown = true;
  await visitorClaims(browser, campaignId, { name: "Dina Down", email: "dina@example.com", tick: true });
  await expect.poll(() => inSheet("dina@example.com"), WITHIN_A_MINUTE).toBe(true);
  await expect
    .poll(async () => {
      await page.reload();
      return logRow(page, "dina@example.com", "Mailchimp").textContent();
    }, WITHIN_A_MINUTE)
    .toContain("Waiting to retry (attempt 1): Mailchimp had a problem (503); we will try again.");
  expect(member("dina@example.com")).toBeUndefined();
  standIns.state.mailchimpDown = false;
  // Its backoff is 30 seconds; the journey rewinds that clock rather than waiting it out.
  await app.query(`update sync_job set next_attempt_at = now() where status = 'pending'`);
  await expect.poll(() => member("dina@example.com")?.status, WITHIN_A_MINUTE).toBe("subscribed");
  await page.reload();
  await expect(logRow(page, "dina@example.com", "Mailchimp")).toContainText(
    "Subscribed. Took 2 attempts; earlier: Mailchimp had a problem (503); we will try again.",
  );

  // The owner erases Cora: she leaves the audience, and her sheet row is cleared.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/leads");
  await page.getByRole("link", { name: "Cora Consent" }).click();
  await page.getByLabel("Yes, erase everything we hold about this lead").check();
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByRole("status")).toHaveText("The lead was erased.");
  await expect.poll(() => member("cora@example.com"), WITHIN_A_MINUTE).toBeUndefined();
  await expect.poll(() => inSheet("cora@example.com"), WITHIN_A_MINUTE).toBe(false);
  await page.goto("/settings/integrations/sync");
  await expect(logRow(page, "Erased lead", "Mailchimp")).toContainText("Removed: the lead was erased.");

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `docs/screens/lead-sync-${width}.png`, fullPage: true });
  }
  await context.close();
});
