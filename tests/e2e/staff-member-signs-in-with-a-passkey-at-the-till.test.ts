// Issue 55 item 3 at 390 px: a staff member adds a passkey from their account screen (Chromium's
// virtual authenticator stands in for the till tablet's screen lock), signs out, signs in with the
// passkey and lands on the counter; an emailed sign-in link does the same; a removed passkey no
// longer signs anyone in.
import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { addVirtualAuthenticator, signUp } from "./support/helpers";
import { decodedBody } from "./support/mailbox";
import { uniqueEmail } from "../support/row-factories";

async function signOutAtTheCounter(page: Page) {
  await page.goto("/redeem");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a staff member adds a passkey, signs out, and signs in with it (or an emailed link) straight to the counter", async ({
  app,
  phone,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await app.createOwner({ isPro: true, businessName: "Harbour Bakery" });
  const staff = await phone();
  const sam = await signUp(staff, uniqueEmail("sam"));
  await app.query(`insert into business_member (business_id, user_id, role, invited_by) select $1, id, 'staff', $1 from "user" where email = $2`, [
    owner.id,
    sam,
  ]);
  const authenticator = await addVirtualAuthenticator(staff);

  // The counter is their screen; its header leads to their passkeys.
  await staff.goto("/redeem");
  await expect(staff.getByText("Staff: Sam")).toBeVisible();
  await staff.getByRole("link", { name: "Passkeys" }).click();
  await expect(staff.getByRole("heading", { name: "Sign-in and passkeys" })).toBeVisible();
  await expect(staff.getByText("No passkeys yet.")).toBeVisible();
  await staff.getByLabel("Name (optional)").fill("Till tablet");
  await staff.getByRole("button", { name: "Add a passkey" }).click();
  await expect(staff.getByText("Passkey added. You can now sign in with it.")).toBeVisible();
  const passkeys = staff.getByRole("list", { name: "Your passkeys" });
  await expect(passkeys).toContainText("Till tablet");
  await expect(passkeys).toContainText(/Added [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(await authenticator.credentials()).toHaveLength(1);
  await staff.screenshot({ path: testInfo.outputPath("passkey-added-390.png"), fullPage: true });
  await expect(staff.getByRole("link", { name: "Back to the counter" })).toBeVisible();

  // Signed out, the passkey alone signs them in, and the counter is where they land.
  await signOutAtTheCounter(staff);
  await staff.goto("/signin");
  await staff.screenshot({ path: testInfo.outputPath("signin-with-passkey-390.png"), fullPage: true });
  await staff.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  await expect(staff.getByText("Staff: Sam")).toBeVisible();
  // The name is read in full at 390 px, not cut to "Staff: …" by the links beside it.
  expect(await staff.getByText("Staff: Sam").evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
  await staff.screenshot({ path: testInfo.outputPath("counter-after-passkey-390.png"), fullPage: true });

  // An emailed link does the same: one tap in the mail, one on the page.
  await signOutAtTheCounter(staff);
  await staff.goto("/signin");
  await staff.getByRole("link", { name: "Email me a sign-in link" }).click();
  await expect(staff.getByRole("heading", { name: "Email me a sign-in link" })).toBeVisible();
  await staff.getByLabel("Email address").fill(sam);
  await staff.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(staff.getByText("If an account exists for that address, we've sent a sign-in link.")).toBeVisible();
  let link = "";
  await expect
    .poll(
      async () => {
        const mail = (await app.mails()).find((one) => one.to.includes(sam) && one.subject === "Your LeadQR sign-in link");
        link = mail ? (/https?:\/\/[^\s"<>]+\/signin\/link\?token=[A-Za-z0-9_-]+/.exec(decodedBody(mail.raw))?.[0] ?? "") : "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  const url = new URL(link);
  await staff.goto(url.pathname + url.search);
  await expect(staff.getByText(`as ${sam}`)).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath("signin-link-390.png"), fullPage: true });
  await staff.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  // The link worked once.
  await signOutAtTheCounter(staff);
  await staff.goto(url.pathname + url.search);
  await expect(staff.getByText("This sign-in link has expired or has already been used.")).toBeVisible();

  // Removed (asked first), the passkey no longer signs anyone in.
  await staff.goto("/signin");
  await staff.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(staff).toHaveURL(/\/redeem$/, { timeout: 30_000 });
  await staff.goto("/settings/sign-in");
  await staff.getByText("Remove", { exact: true }).click();
  await staff.getByRole("button", { name: "Yes, remove this passkey" }).click();
  await expect(staff.getByText("Passkey removed.")).toBeVisible();
  await expect(staff.getByText("No passkeys yet.")).toBeVisible();
  await signOutAtTheCounter(staff);
  await staff.goto("/signin");
  await staff.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(staff.getByRole("alert")).toHaveText("That passkey did not sign you in. Try again, or sign in with your password or an emailed link.");
  await expect(staff).toHaveURL(/\/signin$/);
});
