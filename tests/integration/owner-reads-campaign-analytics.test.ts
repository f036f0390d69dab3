// The campaign analytics page's numbers: unique scans, QR vs link, placements, exclusions with
// their reasons, ranges in the owner's time zone, and the dashboard agreeing with it.
import { beforeAll, describe, expect, it } from "vitest";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertExclusions, insertPlacement, utcAt, utcDay } from "../support/analytics-support";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let other: Owner;
let campaignId: string;
let window_: string;
let table: string;

async function analyticsPage(search = "", cookie = owner.cookie, id = campaignId) {
  const { loader } = await import("~/routes/campaign-detail");
  return callRoute(loader, makeRequest(`/campaigns/${id}${search}`, { cookie }), { campaignId: id });
}

beforeAll(async () => {
  owner = await createUser({ isPro: true });
  other = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Bakery Week" });
  campaignId = campaign.id;
  window_ = await insertPlacement(campaignId, "Window poster");
  table = await insertPlacement(campaignId, "Table tent");

  // Today (UTC): visitor A scans the window poster three times (first one unique), B the table
  // tent once, C opens the shared link on a Windows desktop. Yesterday A came back by link.
  const scanIds = await createScanRows(campaignId, [
    { at: utcAt(0, 10), visitor: "a", source: "qr", placementId: window_ },
    { at: utcAt(0, 10.9), visitor: "a", isUnique: false, source: "qr", placementId: window_ },
    { at: utcAt(0, 11.5), visitor: "a", isUnique: false, source: "qr", placementId: window_ },
    { at: utcAt(0, 10.5), visitor: "b", source: "qr", placementId: table },
    { at: utcAt(0, 11), visitor: "c", source: "link", deviceType: "desktop", os: "Windows" },
    { at: utcAt(1, 15), visitor: "a", source: "link" },
    // 40 days ago: outside the default 30-day range, inside 90.
    { at: utcAt(40, 12), visitor: "d", source: "qr" },
  ]);
  await createLeadRow(campaignId, { collectedAt: utcAt(0, 10.2), placementId: window_, scanId: scanIds[0] });
  await createLeadRow(campaignId, { collectedAt: utcAt(1, 15.1), scanId: scanIds[5] });
  await insertExclusions(campaignId, utcDay(0), { preview: 97, bot: 31, repeat: 12, owner: 3 });
  await insertExclusions(campaignId, utcDay(40), { bot: 5 });

  // Another owner's campaign with scans that must never show up here.
  const theirs = await createCampaignRow(other.id, { title: "Not yours" });
  await createScanRows(theirs.id, [{ at: utcAt(0, 10), visitor: "z" }]);
  await insertExclusions(theirs.id, utcDay(0), { preview: 1000 });
});

describe("campaign analytics", () => {
  it("counts scans and unique scans, QR against link, and conversion both ways", async () => {
    const data = (await analyticsPage()).data;
    expect(data.range).toMatchObject({ preset: "30", days: 30, notice: null });
    expect(data.analytics.totals).toEqual({ scans: 6, unique: 4, qr: 4, link: 2, leads: 2, conversion: 50, conversionOnScans: 33.3 });
    const today = data.analytics.byDay.at(-1);
    // `converted`: unique visitors who became leads (issue 27), the numerator of conversion.
    expect(today).toEqual({ day: utcDay(0), scans: 5, unique: 3, qr: 4, leads: 1, converted: 1 });
    expect(data.analytics.byDay.at(-2)).toEqual({ day: utcDay(1), scans: 1, unique: 1, qr: 0, leads: 1, converted: 1 });
    expect(data.analytics.byDay).toHaveLength(30);
  });

  it("says what was not counted and why, with the owner's own visits as 'you'", async () => {
    const data = (await analyticsPage()).data;
    expect(data.exclusionSummary).toBe("6 scans counted · 143 not counted: 97 link previews, 31 bots, 12 repeats, 3 you");
    const wide = (await analyticsPage("?range=90")).data;
    expect(wide.exclusionSummary).toBe("7 scans counted · 148 not counted: 97 link previews, 36 bots, 12 repeats, 3 you");
  });

  it("says it in the member's language: German, and Arabic with its plural forms", async () => {
    const { loader } = await import("~/routes/campaign-detail");
    const page = async (language: string) =>
      (
        await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie, headers: { "accept-language": language } }), {
          campaignId,
        })
      ).data;
    expect((await page("de")).exclusionSummary).toBe(
      "6 Scans gezählt · 143 nicht gezählt: 97 Link-Vorschauen, 31 Bots, 12 Wiederholungen, 3 von Ihnen",
    );
    expect((await page("ar")).exclusionSummary).toBe("6 عمليات مسح محتسبة · 143 غير محتسبة: 97 معاينة رابط، 31 روبوتًا، 12 تكرارًا، 3 من زياراتك أنت");
  });

  it("compares placements, with what came from no placement last", async () => {
    const data = (await analyticsPage()).data;
    expect(data.analytics.placements).toEqual([
      { id: window_, name: "Window poster", scans: 3, unique: 1, leads: 1, conversion: 100 },
      { id: table, name: "Table tent", scans: 1, unique: 1, leads: 0, conversion: 0 },
      { id: null, name: "No placement", scans: 2, unique: 2, leads: 1, conversion: 50 },
    ]);
  });

  it("splits devices and systems and places scans on the weekday × hour grid", async () => {
    const data = (await analyticsPage("?range=7")).data;
    expect(data.analytics.devices).toEqual([
      { name: "Mobile", scans: 5 },
      { name: "Desktop", scans: 1 },
    ]);
    expect(data.analytics.systems).toEqual([
      { name: "iOS", scans: 5 },
      { name: "Windows", scans: 1 },
    ]);
    const grid: number[][] = data.analytics.heatMap;
    expect(grid).toHaveLength(7);
    expect(grid.flat().reduce((a, b) => a + b, 0)).toBe(6);
    const weekday = (utcAt(0, 0).getUTCDay() + 6) % 7;
    expect(grid[weekday]![10]).toBe(3);
    expect(grid[weekday]![11]).toBe(2);
  });

  it("says how far back scan details reach: SCAN_RETENTION_MONTHS (13) before this UTC month", async () => {
    const now = new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 13, 1)).toISOString().slice(0, 10);
    expect((await analyticsPage("", owner.cookie)).data.scansKeptSince).toBe(since);
  });

  it("reads days in the owner's time zone", async () => {
    const tokyo = `${owner.cookie}; tz=Asia%2FTokyo`;
    const data = (await analyticsPage(`?range=custom&from=${utcDay(1)}&to=${utcDay(0)}`, tokyo)).data;
    // 15:00 UTC yesterday is after midnight today in Tokyo (UTC+9): it moves to today.
    expect(data.range).toMatchObject({ preset: "custom", from: utcDay(1), to: utcDay(0), days: 2 });
    const byDay = Object.fromEntries(data.analytics.byDay.map((row: { day: string; scans: number }) => [row.day, row.scans]));
    expect(byDay).toEqual({ [utcDay(1)]: 0, [utcDay(0)]: 6 });
    const weekday = (utcAt(0, 0).getUTCDay() + 6) % 7;
    expect(data.analytics.heatMap[weekday][19]).toBe(3); // 10:xx UTC is 19:xx in Tokyo
  });

  it("takes a custom range, and explains when a custom range cannot be used", async () => {
    const custom = (await analyticsPage(`?range=custom&from=${utcDay(45)}&to=${utcDay(35)}`)).data;
    expect(custom.analytics.totals.scans).toBe(1);
    expect(custom.exclusionSummary).toBe("1 scan counted · 5 not counted: 5 bots");
    for (const [search, notice] of [
      [`?range=custom&from=${utcDay(0)}&to=${utcDay(3)}`, "The start date is after the end date. Showing the last 30 days."],
      ["?range=custom&from=2020-01-01&to=2024-01-01", "A range can span at most 731 days. Showing the last 30 days."],
      ["?range=custom&from=2024-02-30&to=2024-03-01", "Choose both a start and an end date. Showing the last 30 days."],
    ] as const) {
      const data = (await analyticsPage(search)).data;
      expect(data.range, search).toMatchObject({ preset: "30", notice });
    }
    expect((await analyticsPage("?range=365")).data.range).toMatchObject({ preset: "30", notice: null });
  });

  it("is a 404 for another owner, and shows them none of it", async () => {
    const { loader } = await import("~/routes/campaign-detail");
    const theirs = await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: other.cookie }), { campaignId });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.data ?? null)).not.toContain("Window poster");
    expect((await callRoute(loader, makeRequest("/campaigns/not-a-uuid", { cookie: owner.cookie }), { campaignId: "not-a-uuid" })).status).toBe(404);
  });

  it("has the dashboard count the same scans and leads per day", async () => {
    const { loader } = await import("~/routes/dashboard");
    const dashboard = (await callRoute(loader, makeRequest("/dashboard", { cookie: owner.cookie }))).data;
    const page = (await analyticsPage("?range=7")).data;
    const scans = page.analytics.byDay.map((row: { scans: number }) => row.scans);
    const leads = page.analytics.byDay.map((row: { leads: number }) => row.leads);
    expect(dashboard.chart.map((point: { scans: number }) => point.scans)).toEqual(scans);
    expect(dashboard.chart.map((point: { leads: number }) => point.leads)).toEqual(leads);
  });
});
