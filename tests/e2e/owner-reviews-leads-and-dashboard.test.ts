import { expect, test } from "@playwright/test";
import { signUp } from "./support/helpers";

// Owners with data (stats, chart points, masking, CSV of a free owner with 8 leads) are proven
// in tests/integration/dashboard-*.test.ts and leads-*.test.ts; this journey covers what the
// browser shows and downloads.

test("a new owner sees the empty dashboard, the getting-started steps instead of a chart of zeros, and the way to a first campaign", async ({
  page,
}) => {
  await signUp(page);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const [title, value] of [
    ["Total Leads", "0"],
    ["Total Scans", "0"],
    ["Active Campaigns", "0"],
    ["Conversion Rate", "0%"],
    ["Free Scans Used", "0 / 5"],
  ]) {
    await expect(page.getByRole("region", { name: title }).getByTestId("stat-value")).toHaveText(value);
  }
  const steps = page.getByRole("region", { name: "Getting started" });
  await expect(steps.getByRole("listitem")).toHaveText([
    /^Create a campaign \(to do\)/,
    /^Print your code/,
    /^Get your first scan/,
    /^Get your first lead/,
  ]);
  await expect(steps.getByRole("link", { name: "Create campaign" })).toHaveAttribute("href", "/campaigns?new=1");
  await expect(page.getByRole("heading", { name: "Leads & Scans Overview" })).toHaveCount(0);
  await expect(page.getByText("No campaigns yet")).toBeVisible();
  await expect(page.getByText("Campaign Limit Reached")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create First Campaign" })).toHaveAttribute("href", "/campaigns?new=1");
  await expect(page.getByRole("link", { name: "New Campaign" })).toHaveAttribute("href", "/campaigns?new=1");
});

test("the leads screen shows its empty states, filters without JavaScript and exports a CSV", async ({ page, browser }) => {
  await signUp(page);
  await page.getByRole("link", { name: "Leads" }).first().click();
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(page.getByText("No leads yet")).toBeVisible();
  await expect(page.getByText("Showing 0 of 0 leads")).toBeVisible();
  // Nothing is hidden yet, so nothing is offered to unlock (issue 26 item 7).
  await expect(page.getByRole("link", { name: "Unlock All Leads" })).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Campaign" })).toHaveValue("");
  await expect(page.getByRole("option", { name: "All Campaigns" })).toHaveCount(1);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^leadqr-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const body = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(body).toString("utf8")).toBe(
    "\uFEFFName,Email,Phone,Campaign,Collected At,Placement,Consent Status,Consent Wording,Consent Given At,Consent IP Address,Consent User Agent,Confirmed At,Confirmed IP Address,Withdrawn At,Redeemed At,Consent Language,redeemed_by,location\r\n",
  );

  // The search is a plain GET form: it works before (or without) JavaScript.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await context.newPage();
  await noJs.goto("/leads");
  await noJs.getByPlaceholder("Search leads...").fill("100%_match");
  await noJs.getByRole("button", { name: "Apply" }).click();
  await expect(noJs).toHaveURL(/\/leads\?q=100%25_match/);
  await expect(noJs.getByText("No leads match your filters")).toBeVisible();
  await expect(noJs.getByPlaceholder("Search leads...")).toHaveValue("100%_match");
  await context.close();
});
