import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";

const failNextLoad = vi.hoisted(() => ({ value: false }));
vi.mock("~/features/dashboard/dashboard.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/features/dashboard/dashboard.server")>();
  return {
    ...original,
    getDashboard: async (...args: Parameters<typeof original.getDashboard>) => {
      if (failNextLoad.value) {
        failNextLoad.value = false;
        throw new Error("connection terminated");
      }
      return original.getDashboard(...args);
    },
  };
});

const dashboard = () => import("~/routes/dashboard");
const loadDashboard = async (cookie: string, path = "/dashboard", timeZone?: string) => {
  const { loader } = await dashboard();
  return callRoute(loader, makeRequest(path, { cookie: timeZone ? `${cookie}; tz=${encodeURIComponent(timeZone)}` : cookie }));
};

afterEach(() => vi.restoreAllMocks());

describe("dashboard", () => {
  it("sends signed-out visitors to /signin", async () => {
    expectRedirect(await loadDashboard(""), "/signin");
  });

  it("shows the totals, conversion rate and the 6 newest campaigns with their counts", async () => {
    const owner = await createUser({ isPro: true });
    const campaigns = [];
    for (let index = 0; index < 7; index++) {
      campaigns.push(
        await createCampaignRow(owner.id, {
          title: `C${index}`,
          status: index === 0 ? "paused" : "active",
          scanCount: 10,
          createdAt: new Date(Date.UTC(2024, 0, 1 + index)),
        }),
      );
    }
    for (let index = 0; index < 3; index++) await createLeadRow(campaigns[6]!.id, { name: `L${index}`, email: `l${index}@x.io` });
    await createLeadRow(campaigns[0]!.id, { name: "Old", email: "old@x.io" });
    // Someone else's data never counts.
    const stranger = await createUser();
    const theirs = await createCampaignRow(stranger.id, { scanCount: 99 });
    await createLeadRow(theirs.id, { name: "Not mine", email: "no@x.io" });

    const data = (await loadDashboard(owner.cookie)).data;
    // Conversion counts visitors (decision 313): these leads came from no scan, so they convert nobody.
    expect(data.stats).toMatchObject({ totalLeads: 4, totalScans: 70, activeCampaigns: 6, conversionRate: 0 });
    expect(data.recentCampaigns.map((row: { title: string }) => row.title)).toEqual(["C6", "C5", "C4", "C3", "C2", "C1"]);
    expect(data.recentCampaigns[0]).toMatchObject({ scans: 10, leads: 3, status: "active", businessType: "Coffee Shop" });
    expect(data.freeScans).toBeNull();
    expect(data.chart).toHaveLength(7);
    expect(data.chart.at(-1).leads).toBe(4);
  });

  it("counts days in the owner's time zone, zero-fills them and compares with the week before", async () => {
    const owner = await createUser({ isPro: true });
    const { id: campaignId } = await createCampaignRow(owner.id);
    const now = new Date("2024-03-10T03:00:00Z"); // Sunday 10 March, 12:00 in Tokyo
    await createLeadRow(campaignId, { name: "a", email: "a@x.io", collectedAt: new Date("2024-03-09T16:00:00Z") }); // 10 Mar 01:00 JST
    await createLeadRow(campaignId, { name: "b", email: "b@x.io", collectedAt: new Date("2024-03-09T14:59:00Z") }); // 9 Mar 23:59 JST
    await createLeadRow(campaignId, { name: "c", email: "c@x.io", collectedAt: new Date("2024-03-03T15:00:00Z") }); // 4 Mar 00:00 JST
    await createLeadRow(campaignId, { name: "d", email: "d@x.io", collectedAt: new Date("2024-03-03T14:59:00Z") }); // 3 Mar: the week before
    await createLeadRow(campaignId, { name: "e", email: "e@x.io", collectedAt: new Date("2024-03-10T15:00:00Z") }); // 11 Mar JST: not shown
    await createScanRows(campaignId, [
      { at: new Date("2024-03-09T16:00:00Z") },
      { at: new Date("2024-03-09T16:30:00Z") },
      { at: new Date("2024-03-05T00:00:00Z") },
      { at: new Date("2024-02-28T00:00:00Z") },
      { at: new Date("2024-02-29T00:00:00Z") },
    ]);

    const { db } = await getServices();
    const result = await getDashboard(db, { userId: owner.id, timeZone: "Asia/Tokyo", now });
    expect(result.chart).toEqual([
      { date: "Mar 4", leads: 1, scans: 0 },
      { date: "Mar 5", leads: 0, scans: 1 },
      { date: "Mar 6", leads: 0, scans: 0 },
      { date: "Mar 7", leads: 0, scans: 0 },
      { date: "Mar 8", leads: 0, scans: 0 },
      { date: "Mar 9", leads: 1, scans: 0 },
      { date: "Mar 10", leads: 1, scans: 2 },
    ]);
    expect(result.stats.leadsTrend).toEqual({ direction: "up", percent: 200 });
    expect(result.stats.scansTrend).toEqual({ direction: "up", percent: 50 });

    // The same rows seen from UTC fall on other days.
    const utc = await getDashboard(db, { userId: owner.id, timeZone: "UTC", now });
    expect(utc.chart.map((point) => point.leads)).toEqual([0, 0, 0, 0, 0, 2, 1]);
  });

  it("gives a free owner at the campaign limit the free scans card and no campaign-limit banner", async () => {
    const owner = await createUser();
    await createCampaignRow(owner.id, { scanCount: 3 });
    const data = (await loadDashboard(owner.cookie)).data;
    expect(data).not.toHaveProperty("isAtCampaignLimit");
    expect(data.freeScans).toEqual({ used: 3, limit: 5 });
  });

  it("shows the empty state data for a new owner", async () => {
    const owner = await createUser();
    const data = (await loadDashboard(owner.cookie)).data;
    expect(data).toMatchObject({ hasCampaigns: false, freeScans: { used: 0, limit: 5 } });
    expect(data.chart.map((point: { leads: number; scans: number }) => point.leads + point.scans)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("shows the payment-success view on success=true", async () => {
    const owner = await createUser({ isPro: true });
    expect((await loadDashboard(owner.cookie, "/dashboard?success=true")).data).toEqual({ view: "payment-success", isPro: true });
  });

  it("shows 7 days of zeros and logs when the figures cannot be read", async () => {
    const owner = await createUser();
    await createCampaignRow(owner.id, { scanCount: 2 });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    failNextLoad.value = true;
    const data = (await loadDashboard(owner.cookie, "/dashboard", "America/New_York")).data;
    expect(data.loadFailed).toBe(true);
    expect(data.chart).toHaveLength(7);
    expect(data.chart.every((point: { leads: number; scans: number }) => point.leads === 0 && point.scans === 0)).toBe(true);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ userId: owner.id }), "dashboard load failed");
  });

  it("reads the time zone from the tz cookie and ignores a bad one", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    await createLeadRow(id, { name: "now", email: "now@x.io" });
    const data = (await loadDashboard(owner.cookie, "/dashboard", "Not/A_Zone")).data;
    expect(data.chart.at(-1).leads).toBe(1);
    const { db } = await getServices();
    await db.delete(schema.campaign).where(eq(schema.campaign.id, id));
  });
});
