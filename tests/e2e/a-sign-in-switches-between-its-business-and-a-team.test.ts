// Issue 55 at 390 px: a sign-in that runs its own business joins another as a manager from the
// emailed link, keeps its own, and goes between the two with the header's switcher (keyboard and
// screen reader: a disclosure of buttons, the current one marked), which fits the phone's width.
import { expect, test } from "./support/fixtures";
import { inviteToTeam, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

test("a sign-in with its own campaigns joins a team and switches between the two businesses", async ({ app, phone }) => {
  test.setTimeout(180_000);
  const owner = await phone();
  const ownerEmail = await signUp(owner, uniqueEmail("azul-owner"));
  await app.query(`update "user" set is_pro = true where email = $1`, [ownerEmail]);
  const [{ id: ownerId }] = await app.query(`select id from "user" where email = $1`, [ownerEmail]);
  await app.query(`insert into business_profile (user_id, name) values ($1, 'Café Azul')`, [ownerId]);
  await app.createCampaignRow(ownerId, { title: "Azul Harbour Coffee" });
  await owner.goto("/settings/locations");
  await owner.getByLabel("Name").fill("Harbour");
  await owner.getByRole("button", { name: "Add location" }).click();
  await expect(owner.getByRole("status")).toHaveText("Harbour added.");

  const mia = await phone();
  const miaEmail = await signUp(mia, uniqueEmail("mia"));
  const [{ id: miaId }] = await app.query(`select id from "user" where email = $1`, [miaEmail]);
  await app.createCampaignRow(miaId, { title: "Mia's Own Bakery" });
  const link = await inviteToTeam(owner, () => app.mails(), { email: miaEmail, role: "manager", location: "Harbour" });

  await mia.goto(link);
  await mia.getByRole("button", { name: "Join", exact: true }).click();
  await expect(mia).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const switcher = mia.locator("summary", { hasText: "Switch business:" });
  await expect(switcher).toHaveText(/Café Azul/);

  // Opened with the keyboard; it fits a 390 px screen and marks the current business.
  await switcher.focus();
  await mia.keyboard.press("Enter");
  const own = mia.getByRole("button", { name: "Your business" });
  await expect(own).toBeVisible();
  const current = mia.getByRole("button", { name: "Café Azul current" });
  await expect(current).toHaveAttribute("aria-current", "true");
  const box = (await own.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  await own.click();
  await expect(mia).toHaveURL(/\/dashboard$/);
  await expect(switcher).toHaveText(/Your business/);
  await mia.goto("/campaigns");
  await expect(mia.getByText("Mia's Own Bakery")).toBeVisible();
  await expect(mia.getByText("Azul Harbour Coffee")).toHaveCount(0);
});
