// Issue 55 at 390 px: the owner names Harbour, puts a placement there and invites a staff member for
// Harbour; the staff member joins from the emailed link, sees only the counter, redeems a visitor's
// code under their own name; the owner's lead page names them and Harbour; removing them ends
// their session at once.
import { expect, test } from "./support/fixtures";
import { inviteToTeam, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

test("a staff member joins from the email, redeems at Harbour under their own name, and is signed out when removed", async ({ app, phone }) => {
  test.setTimeout(180_000);
  const owner = await phone();
  const ownerEmail = await signUp(owner, uniqueEmail("team-owner"));
  await app.query(`update "user" set is_pro = true where email = $1`, [ownerEmail]);
  const [{ id: ownerId }] = await app.query(`select id from "user" where email = $1`, [ownerEmail]);

  await owner.goto("/settings/locations");
  await owner.getByLabel("Name").fill("Harbour");
  await owner.getByRole("button", { name: "Add location" }).click();
  await expect(owner.getByRole("status")).toHaveText("Harbour added.");
  await expect(owner.getByRole("list", { name: "Locations" })).toContainText("Harbour");

  const campaign = await app.createCampaignRow(ownerId);
  await owner.goto(`/campaigns/${campaign.id}`);
  await owner.getByLabel("Placement name").fill("Window poster");
  await owner.getByRole("form", { name: "Add a placement" }).getByLabel("Location", { exact: true }).selectOption({ label: "Harbour" });
  await owner.getByRole("button", { name: "Add placement" }).click();
  await expect(owner.getByTestId("placement-row").filter({ hasText: "Window poster" })).toContainText("at Harbour");
  const [{ id: placementId }] = await app.query(`select id from placement where campaign_id = $1`, [campaign.id]);

  const sam = uniqueEmail("sam");
  const link = await inviteToTeam(owner, () => app.mails(), { email: sam, role: "staff", location: "Harbour" });

  const staff = await phone();
  await staff.goto(link);
  await expect(staff.getByRole("heading", { name: /^Join / })).toBeVisible();
  await staff.getByLabel("Password").fill(DEFAULT_PASSWORD);
  await staff.getByRole("button", { name: "Create my sign-in and join" }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  await expect(staff.getByText("Staff: Sam")).toBeVisible();

  // A visitor claims through the Harbour placement's code.
  const visitor = await phone();
  await visitor.goto(`/capture/${campaign.id}?s=qr&p=${placementId}`);
  await visitor.getByLabel("Full Name *").fill("Ana Costa");
  await visitor.getByLabel("Email Address *").fill(uniqueEmail("ana"));
  await visitor.getByRole("button", { name: "Claim My Offer" }).click();
  const code = (await visitor.getByTestId("offer-code").textContent())!.trim();

  await staff.goto(`/redeem?code=${encodeURIComponent(code)}`);
  await staff.getByRole("button", { name: "Mark redeemed" }).click();
  await expect(staff.getByText("Redeemed. Hand over the offer.")).toBeVisible();
  // Every other owner screen sends them back to the counter.
  for (const path of ["/leads", "/campaigns", "/dashboard", "/settings"]) {
    await staff.goto(path);
    await expect(staff).toHaveURL(/\/redeem$/);
  }

  const [{ id: leadId }] = await app.query(`select id from lead where campaign_id = $1`, [campaign.id]);
  await owner.goto(`/leads/${leadId}`);
  await expect(owner.getByText(/^Redeemed by Sam at Harbour, /)).toBeVisible();

  await owner.goto("/settings/team");
  await owner.getByText("Remove", { exact: true }).click();
  await owner.getByRole("button", { name: `Yes, remove ${sam}` }).click();
  await expect(owner.getByText("Removed. They were signed out everywhere.")).toBeVisible();
  await staff.goto("/redeem");
  await expect(staff).toHaveURL(/\/signin$/);
});
