// The dashboard's location filter (docs/features/team.md, "Per-location numbers"): `?location=<id>`
// counts the scans, leads and redemptions of that location's placements; the picker lists every
// location for the owner and only their own for a member, and a location they may not see (or
// another business's) never widens what they see.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPlacement } from "../support/analytics-support";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let manager: Owner;
let harbour: string;
let oldTown: string;
let elsewhere: string;
let campaignId: string;
let harbourOnlyId: string;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  [{ id: harbour }, { id: oldTown }] = (await db
    .insert(schema.location)
    .values([
      { userId: owner.id, name: "Harbour" },
      { userId: owner.id, name: "Old Town" },
    ])
    .returning({ id: schema.location.id })) as [{ id: string }, { id: string }];
  ({ id: campaignId } = await createCampaignRow(owner.id, { title: "Two Shops" }));
  ({ id: harbourOnlyId } = await createCampaignRow(owner.id, { title: "Harbour Only" }));
  await insertPlacement(harbourOnlyId, "Quay Sign").then((id) =>
    db.update(schema.placement).set({ locationId: harbour }).where(eq(schema.placement.id, id)),
  );
  const atHarbour = await insertPlacement(campaignId, "Harbour Window");
  const atOldTown = await insertPlacement(campaignId, "Old Town Window");
  await db.update(schema.placement).set({ locationId: harbour }).where(eq(schema.placement.id, atHarbour));
  await db.update(schema.placement).set({ locationId: oldTown }).where(eq(schema.placement.id, atOldTown));
  // Harbour: 3 scans, 1 lead. Old Town: 2 scans, 2 leads. The campaign's own code: 1 scan.
  await createScanRows(campaignId, [
    { at: minutesAgo(50), visitor: "h1", placementId: atHarbour },
    { at: minutesAgo(40), visitor: "h2", placementId: atHarbour },
    { at: minutesAgo(30), visitor: "h3", placementId: atHarbour },
    { at: minutesAgo(50), visitor: "o1", placementId: atOldTown },
    { at: minutesAgo(40), visitor: "o2", placementId: atOldTown },
    { at: minutesAgo(20), visitor: "c1", placementId: null },
  ]);
  // The capture path keeps the campaign's scan count as it counts; these rows are written directly.
  await db.update(schema.campaign).set({ scanCount: 6 }).where(eq(schema.campaign.id, campaignId));
  await createLeadRow(campaignId, { collectedAt: minutesAgo(29), placementId: atHarbour });
  await createLeadRow(campaignId, { collectedAt: minutesAgo(39), placementId: atOldTown });
  await createLeadRow(campaignId, { collectedAt: minutesAgo(38), placementId: atOldTown });
  manager = await createUser();
  const [member] = await db
    .insert(schema.businessMember)
    .values({ businessId: owner.id, userId: manager.id, role: "manager", invitedBy: owner.id })
    .returning();
  await db.insert(schema.businessMemberLocation).values({ memberId: member!.id, locationId: harbour });
  const stranger = await createUser({ isPro: true });
  [{ id: elsewhere }] = (await db
    .insert(schema.location)
    .values({ userId: stranger.id, name: "Elsewhere" })
    .returning({ id: schema.location.id })) as [{ id: string }];
});

async function dashboard(cookie: string, query = "") {
  const { loader } = await import("~/routes/dashboard");
  const answer = await callRoute(loader, makeRequest(`/dashboard${query}`, { cookie }));
  expect(answer.status).toBe(200);
  const chartScans = answer.data.chart.reduce((total: number, point: { scans: number }) => total + point.scans, 0);
  return {
    scans: answer.data.stats.totalScans,
    leads: answer.data.stats.totalLeads,
    chartScans,
    location: answer.data.location,
    locations: answer.data.locations.map((row: { name: string }) => row.name),
  };
}

async function campaignPage(cookie: string, id: string, query = "") {
  const { loader } = await import("~/routes/campaign-detail");
  const answer = await callRoute(loader, makeRequest(`/campaigns/${id}${query}`, { cookie }), { campaignId: id });
  expect(answer.status).toBe(200);
  return {
    scans: answer.data.analytics.totals.scans,
    leads: answer.data.analytics.totals.leads,
    allTimeScans: answer.data.campaign.scans,
    placements: answer.data.analytics.placements.map((row: { name: string }) => row.name),
    location: answer.data.location,
  };
}

describe("the dashboard's location filter", () => {
  it("counts one location's placements for the owner, and everything without it", async () => {
    expect(await dashboard(owner.cookie)).toEqual({ scans: 6, leads: 3, chartScans: 6, location: null, locations: ["Harbour", "Old Town"] });
    expect(await dashboard(owner.cookie, `?location=${harbour}`)).toEqual({
      scans: 3,
      leads: 1,
      chartScans: 3,
      location: harbour,
      locations: ["Harbour", "Old Town"],
    });
    expect(await dashboard(owner.cookie, `?location=${oldTown}`)).toMatchObject({ scans: 2, leads: 2, chartScans: 2, location: oldTown });
  });

  it("reads another business's location, or a made-up one, as all locations", async () => {
    expect(await dashboard(owner.cookie, `?location=${elsewhere}`)).toMatchObject({ scans: 6, leads: 3, location: null });
    expect(await dashboard(owner.cookie, "?location=not-a-location")).toMatchObject({ scans: 6, leads: 3, location: null });
  });

  it("lists only a manager's locations, and never widens their view to another", async () => {
    expect(await dashboard(manager.cookie)).toEqual({ scans: 3, leads: 1, chartScans: 3, location: null, locations: ["Harbour"] });
    expect(await dashboard(manager.cookie, `?location=${oldTown}`)).toMatchObject({ scans: 3, leads: 1, location: null });
    expect(await dashboard(manager.cookie, `?location=${harbour}`)).toMatchObject({ scans: 3, leads: 1, location: harbour });
  });

  it("filters the campaign page's analytics and funnel the same way", async () => {
    expect(await campaignPage(owner.cookie, campaignId)).toEqual({
      scans: 6,
      leads: 3,
      allTimeScans: 6,
      placements: ["Harbour Window", "Old Town Window", "No placement"],
      location: null,
    });
    expect(await campaignPage(owner.cookie, campaignId, `?location=${harbour}`)).toEqual({
      scans: 3,
      leads: 1,
      allTimeScans: 3,
      placements: ["Harbour Window"],
      location: harbour,
    });
    // A campaign with nothing at the picked location shows zeros, not "not found".
    expect(await campaignPage(owner.cookie, harbourOnlyId, `?location=${oldTown}`)).toMatchObject({ scans: 0, leads: 0, placements: [] });
    expect(await campaignPage(manager.cookie, campaignId, `?location=${oldTown}`)).toMatchObject({ scans: 3, leads: 1, location: null });
  });
});
