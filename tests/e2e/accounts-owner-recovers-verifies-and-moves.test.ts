import { expect, test } from "@playwright/test";
import { claimOffer, createCampaignInWizard, signIn, signUp } from "./support/helpers";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";
import { linkIn, mailsTo, waitForMail } from "./support/mailbox";

const campaign = (title: string) => ({
  title,
  businessType: "Bakery",
  offer: "Free croissant",
  condition: "with any coffee",
  headline: "A Free Croissant With Your Coffee",
  thankYou: "Show this screen at the counter.",
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("forgot password → email → reset → sign in", async ({ page, browser }) => {
    const email = await signUp(page);
    // A second device stays signed in until the reset.
    const other = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(other, email);
    await expect(other).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();

    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that address, we've sent a link");

    const mail = await waitForMail(email, "Reset your LeadQR password");
    const link = linkIn(mail, "/reset-password");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("123456");
    await page.getByLabel("Confirm new password").fill("123456");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Password is too common")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-secret-7");
    await page.getByLabel("Confirm new password").fill("a-brand-new-secret-7");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. Sign in with your new password.");
    await waitForMail(email, "Your password was changed");

    // The link worked once; the other device is signed out.
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("This password reset link has expired or has already been used.");
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/signin$/);

    await signIn(page, email, DEFAULT_PASSWORD);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await signIn(page, email, "a-brand-new-secret-7");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("changing the password keeps this session; other sessions can be signed out", async ({ page, browser }) => {
    const email = await signUp(page);
    const other = await (
      await browser.newContext({
        javaScriptEnabled: false,
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      })
    ).newPage();
    await signIn(other, email);
    await page.goto("/settings");
    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("This device")).toHaveCount(1);
    await expect(sessions.getByText(/Mobile Safari on iOS/)).toBeVisible();
    await sessions.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("status")).toHaveText("Other sessions signed out");
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem")).toHaveCount(1);

    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByLabel("Current password").fill(DEFAULT_PASSWORD);
    await profile.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await profile.getByLabel("Confirm new password").fill("brand-new-pass-1");
    await profile.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("region", { name: "Profile" }).getByRole("status")).toHaveText("Profile updated successfully");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("sign up → verify → the lead notification arrives", async ({ page, browser }) => {
  const email = await signUp(page);
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toContainText(email);
  const mail = await waitForMail(email, "Confirm your email address");
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  // The page that confirms does not ask for the confirmation above it.
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);

  const id = await createCampaignInWizard(page, campaign("Verified Croissants"));
  await claimOffer(browser, id, { name: "Ada Quill", email: "ada.quill@example.com" });
  await waitForMail(email, "New lead for Verified Croissants");
});

test("an unverified owner gets no notification, then the summary after verifying", async ({ page, browser }) => {
  const email = await signUp(page);
  const id = await createCampaignInWizard(page, campaign("Held Croissants"));
  await claimOffer(browser, id, { name: "Ben Marsh", email: "ben.marsh@example.com" });
  await claimOffer(browser, id, { name: "Cleo Quill", email: "cleo.q@example.com" });
  await page.goto("/leads");
  await expect(page.getByText("ben.marsh@example.com").filter({ visible: true })).toBeVisible();
  // The worker polls every second: give it several passes to (not) send.
  await page.waitForTimeout(3_000);
  expect((await mailsTo(email)).map((mail) => mail.subject)).not.toContain("New lead for Held Croissants");

  // The banner resends the link (no JavaScript needed: it is a plain form).
  await page.getByRole("region", { name: "Confirm your email address" }).getByRole("button", { name: "Resend link" }).click();
  await expect(page.getByRole("status")).toHaveText("We sent a new confirmation link. It is valid for 24 hours.");
  await expect.poll(async () => (await mailsTo(email)).filter((mail) => mail.subject === "Confirm your email address").length).toBe(2);
  const mail = (await mailsTo(email)).filter((m) => m.subject === "Confirm your email address").pop()!;
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  await waitForMail(email, "2 leads arrived while your address was unconfirmed");
  await page.waitForTimeout(1_500);
  expect((await mailsTo(email)).map((m) => m.subject)).not.toContain("New lead for Held Croissants");
});

test("an email change is confirmed from the new address", async ({ page }) => {
  const email = await signUp(page);
  const next = uniqueEmail("moved");
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Email").fill(next);
  await profile.getByLabel("Current password").fill(DEFAULT_PASSWORD);
  await profile.getByRole("button", { name: "Save changes" }).click();
  await expect(profile.getByRole("status")).toHaveText(`We sent a confirmation link to ${next}. Your email changes when you open it.`);
  await waitForMail(email, "Your LeadQR email address is being changed");
  await page.reload();
  await expect(page.getByRole("region", { name: "Account information" }).getByText(email)).toBeVisible();

  const mail = await waitForMail(next, "Confirm your new email address");
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Account information" }).getByText(next)).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
});

test("signing up with a taken address offers sign-in and reset, and tells the owner", async ({ page }) => {
  const email = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/signup");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("another-password-3");
  await page.getByRole("button", { name: "Create Account" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("An account with this email already exists");
  await expect(alert.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(alert.getByRole("link", { name: "Forgot password?" })).toBeVisible();
  await waitForMail(email, "Someone tried to create an account with your address");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the recovery pages fit the screen", async ({ page }) => {
    for (const path of ["/forgot-password", "/reset-password?token=not-a-real-token", "/verify-email?token=not.a.token"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expect(page.getByRole("alert")).toHaveText("This confirmation link has expired or is not valid.");
  });
});
