// Issue 55's "Done when", as one story at 390 px (docs/features/team.md): a Pro owner adds Harbour
// and Old Town, limits the campaign to them, invites a Staff member for Harbour and a Manager for
// Old Town; each joins from the emailed link and signs in, the staff member with a passkey (Chromium's
// virtual authenticator). A visitor claims at Harbour, the staff member redeems the code and has the
// counter and nothing else; the owner's lead page and CSV name them and Harbour; the manager sees
// Old Town's lead and not Harbour's; removing the staff member ends their session at once.
import { type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { addLocation, addPlacement, addVirtualAuthenticator, inviteToTeam, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

/** A visitor on their own phone claims the offer through a placement's code; answers the code they are shown. */
async function claimAt(page: Page, campaignId: string, placementId: string, name: string) {
  await page.goto(`/capture/${campaignId}?s=qr&p=${placementId}`);
  await page.getByLabel("Full Name *").fill(name);
  await page.getByLabel("Email Address *").fill(uniqueEmail(name.split(" ")[0]!.toLowerCase()));
  await page.getByRole("button", { name: "Claim My Offer" }).click();
  await expect(page.getByTestId("offer-code")).toBeVisible();
  return (await page.getByTestId("offer-code").textContent())!.trim();
}

/** The owner's campaign edit form: the campaign runs only at the locations named. */
async function limitCampaign(owner: Page, campaignId: string, locations: string[], testInfo: TestInfo) {
  await owner.goto(`/campaigns?edit=${campaignId}`);
  const dialog = owner.getByRole("dialog", { name: "Edit Campaign" });
  const field = dialog.getByRole("group", { name: "Locations" });
  await field.getByRole("radio", { name: "Only at these locations" }).check();
  for (const name of locations) await field.getByRole("checkbox", { name }).check();
  await field.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: testInfo.outputPath("campaign-locations-390.png") });
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Update Campaign" }).click();
  await expect(owner).toHaveURL(/\/campaigns$/);
}

test("an owner runs two shops: a staff member redeems at Harbour under their name, a manager sees Old Town, and removal signs the staff member out", async ({
  app,
  phone,
}, testInfo) => {
  test.setTimeout(300_000);

  // The owner (Pro) names the two shops and limits the campaign to them.
  const owner = await phone();
  const ownerEmail = await signUp(owner, uniqueEmail("two-shops"));
  await app.query(`update "user" set is_pro = true where email = $1`, [ownerEmail]);
  const [{ id: ownerId }] = await app.query(`select id from "user" where email = $1`, [ownerEmail]);
  await addLocation(owner, "Harbour");
  await addLocation(owner, "Old Town");
  const campaign = await app.createCampaignRow(ownerId);
  await limitCampaign(owner, campaign.id, ["Harbour", "Old Town"], testInfo);
  const card = owner.getByRole("article", { name: "Pastry Week" });
  await expect(card.getByTestId("campaign-locations")).toHaveText("Only at Harbour and Old Town");
  await card.screenshot({ path: testInfo.outputPath("campaign-card-locations-390.png") });
  const atHarbour = await addPlacement(owner, app.query, { campaignId: campaign.id, name: "Harbour window", location: "Harbour" });
  const atOldTown = await addPlacement(owner, app.query, { campaignId: campaign.id, name: "Old Town till", location: "Old Town" });

  // Invitations go out by email: a Staff member for Harbour, a Manager for Old Town.
  const sam = uniqueEmail("sam");
  const mo = uniqueEmail("mo");
  const staffLink = await inviteToTeam(owner, () => app.mails(), { email: sam, role: "staff", location: "Harbour" });
  const managerLink = await inviteToTeam(owner, () => app.mails(), { email: mo, role: "manager", location: "Old Town" });

  // Sam joins from the link, adds a passkey at the counter, and from then on signs in with it.
  const staff = await phone();
  const authenticator = await addVirtualAuthenticator(staff);
  await staff.goto(staffLink);
  await expect(staff.getByRole("heading", { name: /^Join / })).toBeVisible();
  await staff.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await staff.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  await staff.getByRole("link", { name: "Passkeys" }).click();
  await staff.getByLabel("Name (optional)").fill("Harbour till");
  await staff.getByRole("button", { name: "Add a passkey" }).click();
  await expect(staff.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await staff.goto("/redeem");
  await staff.getByRole("button", { name: "Sign out" }).click();
  await expect(staff).toHaveURL(/\/$/);
  await staff.goto("/signin");
  await staff.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  await expect(staff.getByText("Staff: Sam")).toBeVisible();

  // Mo joins from the link with a password and lands on their dashboard.
  const manager = await phone();
  await manager.goto(managerLink);
  await manager.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await manager.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(manager).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // One visitor at each shop; Sam redeems the Harbour visitor's code.
  const visitor = await phone();
  const code = await claimAt(visitor, campaign.id, atHarbour, "Hana Harbour");
  await claimAt(await phone(), campaign.id, atOldTown, "Olga Oldtown");
  await staff.getByLabel("Offer code").fill(code);
  await staff.getByRole("button", { name: "Look up" }).click();
  await staff.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(staff.getByText("Redeemed. Hand over the offer.")).toBeVisible();

  // The counter is all Sam has: no link to anything else, every other screen and the CSV refused.
  for (const name of ["Dashboard", "Campaigns", "Leads", "Settings"]) await expect(staff.getByRole("link", { name, exact: true })).toHaveCount(0);
  for (const path of ["/leads", "/campaigns", "/dashboard", "/settings", "/settings/team"]) {
    await staff.goto(path);
    await expect(staff).toHaveURL(/\/redeem$/);
  }
  const csvForStaff = await staff.request.get("/leads/export.csv", { maxRedirects: 0 });
  expect({ status: csvForStaff.status(), location: csvForStaff.headers().location }).toEqual({ status: 302, location: "/redeem" });

  // The owner's lead page and CSV name Sam and Harbour.
  const [{ id: leadId }] = await app.query(`select id from lead where placement_id = $1`, [atHarbour]);
  await owner.goto(`/leads/${leadId}`);
  await expect(owner.getByText(/^Redeemed by Sam at Harbour, /)).toBeVisible();
  const csv = await (await owner.request.get("/leads/export.csv")).text();
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toMatch(/,redeemed_by,location$/);
  expect(rows.find((row) => row.includes("Hana Harbour"))).toMatch(/,"?Sam"?,"?Harbour"?$/);

  // Mo sees Old Town's lead and not Harbour's, whose page is not found for them.
  await manager.goto("/leads");
  await expect(manager.getByText("Olga Oldtown").first()).toBeVisible();
  await expect(manager.getByText("Hana Harbour")).toHaveCount(0);
  expect((await manager.goto(`/leads/${leadId}`))!.status()).toBe(404);

  // Removing Sam signs them out at once: their next tap goes to sign-in.
  await owner.goto("/settings/team");
  const samRow = owner.getByRole("listitem", { name: sam });
  await samRow.getByText("Remove", { exact: true }).click();
  await samRow.getByRole("button", { name: `Yes, remove ${sam}` }).click();
  await expect(owner.getByText("Removed. They were signed out everywhere.")).toBeVisible();
  await expect(owner.getByRole("list", { name: "Members" })).not.toContainText(sam);
  await staff.getByRole("link", { name: "Passkeys" }).click();
  await expect(staff).toHaveURL(/\/signin/);
  await staff.goto("/redeem");
  await expect(staff).toHaveURL(/\/signin$/);
});
