// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/dashboard";
import * as dashboard from "./dashboard";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

type Payload = Extract<Route.ComponentProps["loaderData"], { view: "dashboard" }>;

function payload(overrides: Partial<Payload> = {}): Payload {
  return {
    view: "dashboard",
    isPro: false,
    loadFailed: false,
    freeScans: { used: 3, limit: 5 },
    stats: { totalLeads: 2, totalScans: 3, activeCampaigns: 1, conversionRate: 66.7, leadsTrend: null, scansTrend: null },
    chart: Array.from({ length: 7 }, (_, index) => ({ date: `2026-11-${String(17 + index).padStart(2, "0")}`, leads: 0, scans: 0 })),
    recentCampaigns: [
      {
        id: crypto.randomUUID(),
        title: "Croissant Club",
        businessType: "Bakery",
        status: "active",
        aiHeadline: "Fresh at eight",
        scans: 3,
        leads: 2,
        visitors: 3,
        converted: 2,
        redeemed: 0,
      },
    ],
    hasCampaigns: true,
    redeemed: 0,
    nearScanLimit: [],
    brokenSync: [],
    latestLeads: [],
    redemptions: null,
    role: "owner",
    locations: [],
    location: null,
    ...overrides,
  };
}

describe("the dashboard", () => {
  it("tells a free owner which campaign is at or near its scan limit, with the way to upgrade", async () => {
    const id = crypto.randomUUID();
    await renderRoute(dashboard, {
      path: "/dashboard",
      loaderData: payload({ nearScanLimit: [{ id, title: "Croissant Club", scans: 4, limit: 5 }] }),
    });
    const banner = screen.getByText(/has used 4 of its 5 free scans/).closest("[role=status]") as HTMLElement;
    expect(banner.textContent).toContain("Croissant Club has used 4 of its 5 free scans.");
    expect(screen.getByRole("link", { name: "Upgrade for unlimited scans" }).getAttribute("href")).toBe("/pricing");
  });

  it("says which lead sync stopped and why, with the way to fix it, and says nothing while every connection works", async () => {
    const reason = "Mailchimp no longer accepts our access (invalid token). Reconnect to resume.";
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ isPro: true, brokenSync: [{ provider: "Mailchimp", reason }] }) });
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toContain(`Lead sync to Mailchimp has stopped. ${reason} Leads wait here until it is fixed.`);
    expect(screen.getByRole("link", { name: "Fix lead sync" }).getAttribute("href")).toBe("/settings/integrations/sync");
    cleanup();
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ isPro: true }) });
    expect(screen.queryByText(/Lead sync to/)).toBeNull();
  });

  it("shows a free owner's stats, scans used against the limit and recent campaigns", async () => {
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload() });
    expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByText("Free Scans Used")).toBeTruthy();
    expect(screen.getAllByText("3 / 5").length).toBeGreaterThan(0);
    expect(screen.getAllByText("66.7%").length).toBeGreaterThan(0);
    expect(screen.getByText("Croissant Club")).toBeTruthy();
    expect(screen.queryByText(/Campaign Limit Reached/)).toBeNull();
  });

  it("speaks the owner's language, numbers in its forms", async () => {
    const stats = { totalLeads: 1234, totalScans: 20480, activeCampaigns: 1, conversionRate: 66.7, leadsTrend: null, scansTrend: null };
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ stats }), ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 1, name: "Übersicht" })).toBeTruthy();
    const tiles = screen.getAllByTestId("stat-value").map((tile) => tile.textContent);
    // German puts a no-break space before the percent sign.
    expect(tiles).toEqual(["1.234", "20.480", "1", "66,7\u00a0%", "3 / 5"]);
  });

  it("keeps the campaign limit off the dashboard, New Campaign always a link, and shows the empty state without campaigns", async () => {
    const limited = await renderRoute(dashboard, { path: "/dashboard", loaderData: payload() });
    expect(screen.queryByText(/Campaign Limit Reached/)).toBeNull();
    expect(screen.getByRole("link", { name: "New Campaign" }).getAttribute("href")).toBe("/campaigns?new=1");
    limited.unmount();
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ hasCampaigns: false, recentCampaigns: [] }) });
    expect(screen.getByText("No campaigns yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Create First Campaign/ })).toBeTruthy();
  });

  it("does not count scans against a limit for a Pro owner", async () => {
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ isPro: true, freeScans: null }) });
    expect(screen.queryByText("Free Scans Used")).toBeNull();
    expect(screen.queryByText("3 / 5")).toBeNull();
  });

  it("lays the four stats out two by two on a phone, the free scans tile across the row", async () => {
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload() });
    const grid = screen.getByRole("region", { name: "Total Leads" }).parentElement!;
    expect(grid.className.split(" ")).toContain("grid-cols-2");
    expect(screen.getByRole("region", { name: "Free Scans Used" }).className.split(" ")).toContain("col-span-2");
  });

  it("puts Getting started first while there is no campaign", async () => {
    await renderRoute(dashboard, {
      path: "/dashboard",
      loaderData: payload({ hasCampaigns: false, recentCampaigns: [], stats: { ...payload().stats, totalLeads: 0, totalScans: 0 } }),
    });
    const steps = screen.getByRole("heading", { name: "Getting started" });
    const firstStat = screen.getByRole("region", { name: "Total Leads" });
    expect(steps.compareDocumentPosition(firstStat) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("lists the latest leads, each a link to the lead, with the way to all of them", async () => {
    const id = crypto.randomUUID();
    const lead = {
      id,
      name: "Ada Lovelace",
      email: "ada@example.com",
      campaign: "Croissant Club",
      collectedAt: "Nov 23, 2026, 9:00 AM",
      collectedAtIso: "2026-11-23T09:00:00.000Z",
      redeemedAtIso: "2026-11-24T09:00:00.000Z",
      isMasked: false,
    };
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ latestLeads: [lead] }) });
    const list = screen.getByRole("list", { name: "Latest leads" });
    expect(within(list).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toBe(`/leads/${id}`);
    expect(within(list).getByText("Redeemed")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All leads" }).getAttribute("href")).toBe("/leads");
  });

  it("tells who redeemed and where, by location and by staff member, over 7 and 30 days", async () => {
    const redemptions = {
      byLocation: [
        { name: "Harbour", lastWeek: 3, lastMonth: 12 },
        { name: "", lastWeek: 0, lastMonth: 1 },
      ],
      byPerson: [
        { name: "Sam", lastWeek: 2, lastMonth: 9 },
        { name: "Front counter (shared device)", lastWeek: 1, lastMonth: 4 },
      ],
    };
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload({ redemptions }) });
    const byLocation = screen.getByRole("table", { name: "Redemptions by location" });
    expect(within(byLocation).getByRole("row", { name: "Harbour 3 12" })).toBeTruthy();
    expect(within(byLocation).getByRole("row", { name: "No location 0 1" })).toBeTruthy();
    const byPerson = screen.getByRole("table", { name: "Redemptions by staff member" });
    expect(
      within(byPerson)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Redeemed by", "Last 7 days", "Last 30 days"]);
    expect(within(byPerson).getByRole("row", { name: "Front counter (shared device) 1 4" })).toBeTruthy();
  });

  it("has no redemption tables for an owner alone at the counter", async () => {
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload() });
    expect(screen.queryByRole("heading", { name: "Who redeemed, and where" })).toBeNull();
  });

  it("offers the location filter listing the member's locations, and gives a viewer no lead, no counter and no New Campaign", async () => {
    const harbour = crypto.randomUUID();
    await renderRoute(dashboard, {
      path: "/dashboard",
      loaderData: payload({ isPro: true, role: "viewer", locations: [{ id: harbour, name: "Harbour" }], location: harbour }),
    });
    const picker = screen.getByRole("combobox", { name: "Location" }) as HTMLSelectElement;
    expect([...picker.options].map((option) => [option.value, option.textContent])).toEqual([
      ["", "All locations"],
      [harbour, "Harbour"],
    ]);
    expect(picker.value).toBe(harbour);
    expect(picker.form?.getAttribute("method")).toBe("get");
    expect(screen.queryByRole("link", { name: "New Campaign" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Latest leads" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Redeem a code" })).toBeNull();
    cleanup();
    await renderRoute(dashboard, { path: "/dashboard", loaderData: payload() });
    expect(screen.queryByRole("combobox", { name: "Location" })).toBeNull();
  });
});
