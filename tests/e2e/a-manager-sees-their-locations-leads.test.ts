// Issue 55 at 390 px (docs/features/team.md, "What each role sees"): a Pro owner names Harbour and
// Old Town, puts a placement at each and invites a Manager for Old Town; the manager joins from the
// emailed link and sees Old Town's lead and not Harbour's, a dashboard filtered to Old Town only,
// and no settings.
import { expect, test } from "./support/fixtures";
import { addLocation, addPlacement, inviteToTeam, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

test("a manager for Old Town joins from the email and sees Old Town's leads, not Harbour's", async ({ app, phone }) => {
  test.setTimeout(180_000);
  const owner = await phone();
  const ownerEmail = await signUp(owner, uniqueEmail("chain-owner"));
  await app.query(`update "user" set is_pro = true where email = $1`, [ownerEmail]);
  const [{ id: ownerId }] = await app.query(`select id from "user" where email = $1`, [ownerEmail]);

  await addLocation(owner, "Harbour");
  await addLocation(owner, "Old Town");
  const campaign = await app.createCampaignRow(ownerId);
  const atHarbour = await addPlacement(owner, app.query, { campaignId: campaign.id, name: "Harbour window", location: "Harbour" });
  const atOldTown = await addPlacement(owner, app.query, { campaignId: campaign.id, name: "Old Town till", location: "Old Town" });

  // One visitor at each shop.
  for (const [placementId, name] of [
    [atHarbour, "Hana Harbour"],
    [atOldTown, "Olga Oldtown"],
  ]) {
    const visitor = await phone();
    await visitor.goto(`/capture/${campaign.id}?s=qr&p=${placementId}`);
    await visitor.getByLabel("Full Name *").fill(name!);
    await visitor.getByLabel("Email Address *").fill(uniqueEmail(name!.split(" ")[0]!.toLowerCase()));
    await visitor.getByRole("button", { name: "Claim My Offer" }).click();
    await expect(visitor.getByTestId("offer-code")).toBeVisible();
    await visitor.context().close();
  }

  const mo = uniqueEmail("mo");
  const link = await inviteToTeam(owner, () => app.mails(), { email: mo, role: "manager", location: "Old Town" });

  const manager = await phone();
  await manager.goto(link);
  await manager.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await manager.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(manager).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

  // The dashboard counts Old Town only, and its filter offers Old Town alone.
  const picker = manager.getByRole("combobox", { name: "Location" });
  await expect(picker.locator("option")).toHaveText(["All locations", "Old Town"]);
  await expect(manager.getByRole("region", { name: "Total Leads" })).toContainText("1");

  await manager.goto("/leads");
  await expect(manager.getByText("Olga Oldtown").first()).toBeVisible();
  await expect(manager.getByText("Hana Harbour")).toHaveCount(0);

  // Harbour's lead is not found for them; settings are not part of their role.
  const [{ id: harbourLead }] = await app.query(`select id from lead where placement_id = $1`, [atHarbour]);
  const refused = await manager.goto(`/leads/${harbourLead}`);
  expect(refused!.status()).toBe(404);
  const settings = await manager.goto("/settings");
  expect(settings!.status()).toBe(403);
  await expect(manager.getByText("This page is not part of your role in this business.", { exact: false })).toBeVisible();

  // The owner still sees both shops.
  await owner.goto("/leads");
  await expect(owner.getByText("Olga Oldtown").first()).toBeVisible();
  await expect(owner.getByText("Hana Harbour").first()).toBeVisible();
});
