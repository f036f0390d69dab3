import { expect, type Browser, type Page } from "@playwright/test";
import { DEFAULT_PASSWORD, phoneUserAgent, uniqueEmail } from "../../support/row-factories";
import { decodedBody, linkIn, waitForMail } from "./mailbox";

export async function signUp(page: Page, email = uniqueEmail()) {
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // Hashing the password and writing the account takes several seconds on a loaded 2-core machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return email;
}

export async function signIn(page: Page, email: string, password = DEFAULT_PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign Out" }).first().click({ force: true });
}

/** admin@e2e.test is an admin through the e2e server's ADMIN_EMAILS; whichever journey runs first creates it. */
export const ADMIN_EMAIL = "admin@e2e.test";

export async function signInAsAdmin(page: Page) {
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // New (the dashboard) or already there (the form says so): wait for whichever comes, however
  // long the password hashing takes on a loaded machine, rather than guessing from the URL at once.
  const created = page.waitForURL(/\/dashboard$/, { timeout: 30_000 }).then(
    () => "created" as const,
    () => "timeout" as const,
  );
  const exists = page
    .getByRole("alert")
    .first()
    .waitFor({ timeout: 30_000 })
    .then(
      () => "exists" as const,
      () => "timeout" as const,
    );
  const outcome = await Promise.race([created, exists]);
  expect(outcome, "the sign-up of the admin neither landed nor was refused").not.toBe("timeout");
  if (outcome === "created") {
    // Just created: ADMIN_EMAILS applies once the address is verified.
    const mail = await waitForMail(ADMIN_EMAIL, "Confirm your email address");
    await page.goto(linkIn(mail, "/verify-email"));
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
    await page.goto("/dashboard");
  } else await signIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new browser context signed in as the admin. */
export async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signInAsAdmin(page);
  return page;
}

/** The admin sets an owner's plan (Free, Pro or Enterprise) with the one plan control on /admin/subscriptions. */
export async function setPlanAsAdmin(admin: Page, email: string, plan: "Free" | "Pro" | "Enterprise") {
  await admin.goto(`/admin/subscriptions?q=${encodeURIComponent(email)}`);
  await admin.getByRole("combobox", { name: `Plan for ${email}` }).selectOption({ label: plan });
  await admin.getByRole("button", { name: `Save plan for ${email}` }).click();
  await expect(admin.getByRole("status")).toHaveText(`Plan set to ${plan}.`);
  await expect(
    admin
      .getByRole("row", { name: new RegExp(email.replace(/[.+]/g, "\\$&")) })
      .getByRole("cell")
      .nth(1),
  ).toHaveText(plan);
}

/** The admin grants or removes an owner's Pro. */
export async function setProAsAdmin(admin: Page, email: string, isPro: boolean) {
  await setPlanAsAdmin(admin, email, isPro ? "Pro" : "Free");
}

export type WizardCampaign = { title: string; businessType: string; offer: string; condition: string; headline: string; thankYou: string };

/** Creates a campaign through the three-step wizard on /campaigns; returns its id. */
export async function createCampaignInWizard(page: Page, campaign: WizardCampaign) {
  await page.goto("/campaigns");
  await page.getByRole("link", { name: "New Campaign" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  await dialog.getByLabel("Campaign Title").fill(campaign.title);
  await dialog.getByLabel("Business Type").selectOption(campaign.businessType);
  await dialog.getByLabel("Offer", { exact: true }).fill(campaign.offer);
  await dialog.getByLabel("Offer Condition").fill(campaign.condition);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Headline").fill(campaign.headline);
  await dialog.getByLabel("Thank-you Message").fill(campaign.thankYou);
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Launch Campaign" }).click();
  // A launch lands on the campaign's page, which says it is live; callers continue from the list.
  await expect(page.getByRole("heading", { name: "Your campaign is live" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/campaigns");
  const card = page.getByRole("article", { name: campaign.title });
  await expect(card.getByTestId("campaign-status")).toHaveText("Active");
  const href = await card.getByRole("link", { name: "View Page" }).getAttribute("href");
  return href!.split("/").pop()!;
}

/** Each simulated visitor's own phone (see `phoneUserAgent`). */
let phones = 0;

/** One visitor (own browser context, so own scan) opens the capture page and claims the offer. */
export async function claimOffer(browser: Browser, campaignId: string, visitor: { name: string; email: string; phone?: string }) {
  const context = await browser.newContext({ userAgent: phoneUserAgent(++phones) });
  const page = await context.newPage();
  await page.goto(`/capture/${campaignId}`);
  await page.getByLabel("Full Name *").fill(visitor.name);
  await page.getByLabel("Email Address *").fill(visitor.email);
  if (visitor.phone) await page.getByLabel("Phone Number").fill(visitor.phone);
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await context.close();
}

/**
 * Settings → Team at the owner's page: invites `email` with a role and one location, and returns
 * the path of the join link from the invitation email (read from `mails`, the server's mailbox).
 */
export async function inviteToTeam(
  owner: Page,
  mails: () => Promise<Array<{ to: string[]; raw: string }>>,
  invite: { email: string; role: "manager" | "staff" | "viewer"; location: string },
) {
  await owner.goto("/settings/team");
  await owner.getByRole("textbox", { name: "Email" }).fill(invite.email);
  await owner.getByLabel("Role").selectOption(invite.role);
  await owner.getByRole("checkbox", { name: invite.location }).check();
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${invite.email}. The link works for 7 days.`)).toBeVisible();
  let link = "";
  await expect
    .poll(
      async () => {
        // The address may have had other mail before (a sign-in's verification): the invitation is the one with the link.
        const links = (await mails())
          .filter((one) => one.to.includes(invite.email))
          .map((mail) => /https?:\/\/[^\s"<>]+\/team\/join\/[A-Za-z0-9_-]+/.exec(decodedBody(mail.raw))?.[0] ?? "");
        link = links.find(Boolean) ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return new URL(link).pathname;
}

/** Settings → Locations at the owner's page: adds a location by name. */
export async function addLocation(owner: Page, name: string) {
  await owner.goto("/settings/locations");
  await owner.locator("#new-location-name").fill(name);
  await owner.getByRole("button", { name: "Add location" }).click();
  await expect(owner.getByRole("status")).toHaveText(`${name} added.`);
}

/** The campaign's page: adds a placement at a location; returns its id (read with `query`, the journey's database door). */
export async function addPlacement(
  owner: Page,
  query: (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>,
  placement: { campaignId: string; name: string; location: string },
) {
  await owner.goto(`/campaigns/${placement.campaignId}`);
  await owner.getByLabel("Placement name").fill(placement.name);
  await owner.getByRole("form", { name: "Add a placement" }).getByLabel("Location", { exact: true }).selectOption({ label: placement.location });
  await owner.getByRole("button", { name: "Add placement" }).click();
  await expect(owner.getByTestId("placement-row").filter({ hasText: placement.name })).toContainText(`at ${placement.location}`);
  const [row] = await query(`select id from placement where campaign_id = $1 and name = $2`, [placement.campaignId, placement.name]);
  return row!.id as string;
}

/** A platform authenticator with user verification, as a phone or tablet with a screen lock has (Chromium's virtual one). */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}
