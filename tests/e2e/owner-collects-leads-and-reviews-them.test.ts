// Issue 5's "Done when", through the UI only: an owner collects 8 leads during a period as Pro,
// reviews them (dashboard, table, search, filter, CSV), then loses Pro and sees 5 of them.
import { expect, test, type Page } from "@playwright/test";
import { adminPage, claimOffer, createCampaignInWizard, setProAsAdmin, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

/** RFC 4180 as the export writes it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") (row.push(cell), (cell = ""));
    else if (char === "\r" && text[i + 1] === "\n") {
      (row.push(cell), rows.push(row), (row = []), (cell = ""), i++);
    } else cell += char;
  }
  if (cell !== "" || row.length > 0) (row.push(cell), rows.push(row));
  return rows;
}

/** Clicks Export CSV and returns the data rows (without the header) of the downloaded file. */
async function exportedRows(page: Page) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const text = Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  // The spec's five columns first; placement (issue 13) and consent columns (issue 14) follow.
  expect(header!.slice(0, 6)).toEqual(["Name", "Email", "Phone", "Campaign", "Collected At", "Placement"]);
  return rows.map((row) => row.slice(0, 5));
}

const tableRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

/** The emails in the table, top to bottom. */
async function emailsOnScreen(page: Page) {
  return tableRows(page).evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]!.querySelector("[data-email-text]")!.textContent!));
}

const BAKERY = {
  title: "Croissant Week",
  businessType: "Bakery",
  offer: "Free croissant",
  condition: "With any coffee",
  headline: "A free croissant with your coffee",
  thankYou: "Show this at the till.",
};
const FLORIST = {
  title: "Tulip Friday",
  businessType: "Florist",
  offer: "10% off tulips",
  condition: "Fridays only",
  headline: "Tulips for less on Fridays",
  thankYou: "Your discount is waiting.",
};

// Oldest first. Three Quills (one of them on the second campaign) make the search interesting.
const VISITORS = [
  { name: "Ada Quill", email: "ada.quill@example.com", phone: "555 0101", campaign: "bakery" },
  { name: "Ben Marsh", email: "ben.marsh@example.com", phone: "555 0102", campaign: "bakery" },
  { name: "Cleo Quill", email: "cleo.q@example.com", phone: "555 0103", campaign: "florist" },
  { name: "Dev Patel", email: "dev.patel@example.com", phone: "", campaign: "bakery" },
  { name: "Eve Stone", email: "eve.stone@example.com", phone: "555 0105", campaign: "florist" },
  { name: "Finn Hollow", email: "finn.hollow@example.com", phone: "555 0606", campaign: "bakery" },
  { name: "Gus Quillon", email: "gus.quillon@example.com", phone: "555 0707", campaign: "florist" },
  { name: "Hana Brook", email: "hana.brook@example.com", phone: "555 0808", campaign: "bakery" },
] as const;

test("an owner collects 8 leads as Pro, reviews them, and after losing Pro sees 5", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ownerEmail = await signUp(page, uniqueEmail("collector"));
  const admin = await adminPage(browser);
  await setProAsAdmin(admin, ownerEmail, true);

  const ids = {
    bakery: await createCampaignInWizard(page, BAKERY),
    florist: await createCampaignInWizard(page, FLORIST),
  };
  for (const visitor of VISITORS) await claimOffer(browser, ids[visitor.campaign], visitor);

  // Dashboard: the stat cards and today's chart point. A Pro campaign's scans reach its total
  // through each process's tally within a second (decision 091).
  await expect(async () => {
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Total Scans" }).getByTestId("stat-value")).toHaveText("8", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  for (const [title, value] of [
    ["Total Leads", "8"],
    ["Total Scans", "8"],
    ["Active Campaigns", "2"],
    ["Conversion Rate", "100%"],
  ]) {
    await expect(page.getByRole("region", { name: title }).getByTestId("stat-value"), title).toHaveText(value);
  }
  await expect(page.getByRole("region", { name: "Free Scans Used" })).toHaveCount(0);
  const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" }).format(new Date());
  const todayPoint = page.getByTestId("chart-point").last();
  await expect(todayPoint.getByRole("rowheader")).toHaveText(today);
  await expect(todayPoint.getByRole("cell")).toHaveText(["8", "8"]);
  for (const earlier of await page
    .getByTestId("chart-point")
    .all()
    .then((points) => points.slice(0, -1))) {
    await expect(earlier.getByRole("cell")).toHaveText(["0", "0"]);
  }

  // Leads: all 8, newest first, and the CSV says the same.
  await page.getByRole("link", { name: "Leads" }).first().click();
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  await expect(tableRows(page)).toHaveCount(8);
  await expect(page.getByText("Showing 8 of 8 leads")).toBeVisible();
  for (const [title, value] of [
    ["Total Leads", "8"],
    ["This Week", "8"],
    ["Today", "8"],
  ]) {
    await expect(page.getByRole("region", { name: title }).getByTestId("stat-value"), title).toHaveText(value);
  }
  const newestFirst = VISITORS.map((visitor) => visitor.email).reverse();
  expect(await emailsOnScreen(page)).toEqual(newestFirst);
  await expect(page.getByRole("img", { name: "Hidden on the Free plan" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Unlock All Leads" })).toHaveCount(0);
  const everything = await exportedRows(page);
  expect(everything.map((row) => row[1])).toEqual(newestFirst);
  const hana = everything.find((row) => row[1] === "hana.brook@example.com")!;
  expect(hana.slice(0, 4)).toEqual(["Hana Brook", "hana.brook@example.com", "555 0808", BAKERY.title]);
  expect(Date.now() - Date.parse(hana[4]!)).toBeLessThan(10 * 60_000);

  // Search (case-insensitive, name/email/phone), then the campaign filter on top of it.
  await page.getByPlaceholder("Search leads...").fill("QUILL");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/leads\?q=QUILL/);
  const quills = ["gus.quillon@example.com", "cleo.q@example.com", "ada.quill@example.com"];
  await expect(page.getByText("Showing 3 of 3 leads")).toBeVisible();
  expect(await emailsOnScreen(page)).toEqual(quills);
  expect((await exportedRows(page)).map((row) => row[1])).toEqual(quills);

  await page.getByRole("combobox", { name: "Campaign" }).selectOption({ label: FLORIST.title });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 2 of 2 leads")).toBeVisible();
  expect(await emailsOnScreen(page)).toEqual(["gus.quillon@example.com", "cleo.q@example.com"]);
  const filtered = await exportedRows(page);
  expect(filtered.map((row) => row[1])).toEqual(["gus.quillon@example.com", "cleo.q@example.com"]);
  expect(new Set(filtered.map((row) => row[3]))).toEqual(new Set([FLORIST.title]));

  await page.getByPlaceholder("Search leads...").fill("0606");
  await page.getByRole("combobox", { name: "Campaign" }).selectOption({ label: "All Campaigns" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Showing 1 of 1 leads")).toBeVisible();
  expect(await emailsOnScreen(page)).toEqual(["finn.hollow@example.com"]);
  expect((await exportedRows(page)).map((row) => row[1])).toEqual(["finn.hollow@example.com"]);

  // The admin removes Pro: the 5 oldest stay readable, the other 3 never leave the server.
  await setProAsAdmin(admin, ownerEmail, false);
  await page.goto("/leads");
  await expect(tableRows(page)).toHaveCount(8);
  await expect(page.getByRole("img", { name: "Hidden on the Free plan" })).toHaveCount(3);
  await expect(page.getByText("Showing 8 of 8 leads (3 hidden)")).toBeVisible();
  const [visible, hidden] = [VISITORS.slice(0, 5), VISITORS.slice(5)];
  expect((await emailsOnScreen(page)).slice(3)).toEqual(visible.map((visitor) => visitor.email).reverse());
  // Newest first: Hana, Gus and Finn are the masked ones.
  const masked = tableRows(page);
  for (const [index, [name, contact]] of [
    ["H***", "h***@***.com***-***-0808"],
    ["G***", "g***@***.com***-***-0707"],
    ["F***", "f***@***.com***-***-0606"],
  ].entries()) {
    await expect(masked.nth(index).getByRole("img", { name: "Hidden on the Free plan" })).toBeVisible();
    await expect(masked.nth(index).getByRole("cell").nth(0)).toHaveText(name!);
    await expect(masked.nth(index).getByRole("cell").nth(1)).toHaveText(contact!);
  }
  const source = await page.content();
  for (const visitor of hidden) {
    for (const secret of [visitor.name, visitor.email, visitor.phone, visitor.email.split("@")[0]!]) expect(source, secret).not.toContain(secret);
  }
  for (const visitor of visible) expect(source).toContain(visitor.email);
  const freeRows = await exportedRows(page);
  expect(freeRows).toHaveLength(5);
  expect(freeRows.map((row) => row[1])).toEqual(visible.map((visitor) => visitor.email).reverse());
  await expect(page.getByRole("link", { name: "Unlock All Leads" })).toHaveAttribute("href", "/pricing");
  await page.getByRole("link", { name: "Unlock All Leads" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
