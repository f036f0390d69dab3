// Small public surfaces from the second hardening round (issue 11, findings 3 and 8).
import { describe, expect, it } from "vitest";
import { getTimeZone } from "~/utils/time-zone.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const withZone = (zone: string) => makeRequest("/", { cookie: `tz=${encodeURIComponent(zone)}` });

describe("the tz cookie", () => {
  it("keeps zones both Node and PostgreSQL accept, and falls back to UTC for the rest", async () => {
    expect(await getTimeZone(withZone("Europe/Paris"))).toBe("Europe/Paris");
    expect(await getTimeZone(withZone("America/Argentina/Buenos_Aires"))).toBe("America/Argentina/Buenos_Aires");
    // Node's Intl accepts this one; PostgreSQL (tzdata ≥ 2020b) refuses it.
    expect(() => new Intl.DateTimeFormat("en-US", { timeZone: "US/Pacific-New" })).not.toThrow();
    expect(await getTimeZone(withZone("US/Pacific-New"))).toBe("UTC");
    for (const bad of ["Mars/Olympus", "", "x".repeat(100), "%E0%A4%A"]) expect(await getTimeZone(withZone(bad))).toBe("UTC");
    expect(await getTimeZone(makeRequest("/"))).toBe("UTC");
  });

  it("US/Pacific-New gives the leads page, its export and the dashboard, not a 500", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    await createLeadRow(campaign.id, { name: "Ann", email: "ann@example.com" });
    const cookie = `${owner.cookie}; tz=US%2FPacific-New`;
    const leads = await import("~/routes/leads");
    const page = await callRoute(leads.loader, makeRequest("/leads", { cookie }));
    expect(page.status).toBe(200);
    expect(page.data.stats).toEqual({ total: 1, thisWeek: 1, today: 1 });
    const dashboard = await import("~/routes/dashboard");
    const stats = (await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie }))).data;
    expect(stats.loadFailed).toBe(false);
    expect(stats.stats.totalLeads).toBe(1);
    const exported = await import("~/routes/leads-export");
    const file = (await callRoute(exported.loader, makeRequest("/leads/export.csv", { cookie }))).response!;
    expect(file.status).toBe(200);
    expect(await file.text()).toContain("ann@example.com");
  });
});

describe("/healthz", () => {
  it("says ok and nothing about the database behind it", async () => {
    const { loader } = await import("~/routes/healthz");
    const response = (await loader()) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
