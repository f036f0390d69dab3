// Campaigns limited to locations (docs/features/team.md, "Campaigns limited to locations"): the
// owner limits a campaign on its edit form; its placements go only to those locations; a manager
// edits it only when every one of them is theirs; a deleted location leaves the limits, and a
// campaign whose last location was deleted stays limited, to none.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as campaignDetail from "~/routes/campaign-detail";
import * as campaignsRoute from "~/routes/campaigns";
import * as locationsRoute from "~/routes/settings.locations";
import { getServices } from "~/utils/services.server";
import { campaignForm, postCampaigns } from "../support/campaigns-support";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let harbour: string;
let oldTown: string;
let campaignId: string;

async function addLocation(userId: string, name: string) {
  const { db } = await getServices();
  const [row] = await db.insert(schema.location).values({ userId, name }).returning({ id: schema.location.id });
  return row!.id;
}

function limitTo(ids: string[] | "all", cookie = owner.cookie, extra: Record<string, string> = {}) {
  return postCampaigns(
    cookie,
    campaignForm({
      intent: "update",
      campaignId,
      ...extra,
      ...(ids === "all" ? { locationsLimit: "all" } : { locationsLimit: "some", locationIds: ids }),
    }),
  );
}

async function limitsOf(id = campaignId) {
  const { db } = await getServices();
  const [row] = await db
    .select({ limited: schema.campaign.locationsLimited, title: schema.campaign.title })
    .from(schema.campaign)
    .where(eq(schema.campaign.id, id));
  const rows = await db
    .select({ id: schema.campaignLocation.locationId })
    .from(schema.campaignLocation)
    .where(eq(schema.campaignLocation.campaignId, id));
  return { limited: row!.limited, title: row!.title, locations: rows.map((one) => one.id).sort() };
}

function placementPost(form: Record<string, string>, cookie = owner.cookie, headers: Record<string, string> = {}) {
  return callRoute(campaignDetail.action, makeRequest(`/campaigns/${campaignId}`, { cookie, form, headers }), { campaignId });
}

async function placementsOf(id = campaignId) {
  const { db } = await getServices();
  return db
    .select({ id: schema.placement.id, name: schema.placement.name, locationId: schema.placement.locationId })
    .from(schema.placement)
    .where(eq(schema.placement.campaignId, id))
    .orderBy(schema.placement.name);
}

async function listScreen(cookie = owner.cookie) {
  return (await callRoute(campaignsRoute.loader, makeRequest("/campaigns", { cookie }))).data;
}

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  harbour = await addLocation(owner.id, "Harbour");
  oldTown = await addLocation(owner.id, "Old Town");
  campaignId = (await createCampaignRow(owner.id, { title: "Bakery Week" })).id;
});

describe("a campaign limited to locations", () => {
  it("is limited on its edit form, named on its card, and runs at all locations again when the owner says so", async () => {
    const edit = (await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${campaignId}`, { cookie: owner.cookie }))).data;
    expect(edit.locationsChoice).toEqual({
      locations: [
        { id: harbour, name: "Harbour" },
        { id: oldTown, name: "Old Town" },
      ],
      chosen: null,
    });
    expect((await limitTo([harbour, oldTown])).status).toBe(302);
    expect(await limitsOf()).toEqual({ limited: true, title: "Summer Coffee Special", locations: [harbour, oldTown].sort() });
    expect((await listScreen()).locationLimits).toEqual({ [campaignId]: ["Harbour", "Old Town"] });
    const again = (await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${campaignId}`, { cookie: owner.cookie }))).data;
    expect(again.locationsChoice.chosen.sort()).toEqual([harbour, oldTown].sort());

    expect((await limitTo("all")).status).toBe(302);
    expect(await limitsOf()).toEqual({ limited: false, title: "Summer Coffee Special", locations: [] });
    expect((await listScreen()).locationLimits).toEqual({});
    // A form without the choice (an older page) leaves it as it is.
    await limitTo([harbour]);
    expect((await postCampaigns(owner.cookie, campaignForm({ intent: "update", campaignId, title: "Renamed" }))).status).toBe(302);
    expect(await limitsOf()).toEqual({ limited: true, title: "Renamed", locations: [harbour] });
  });

  it("is created limited from the wizard", async () => {
    const created = await postCampaigns(owner.cookie, campaignForm({ title: "Harbour Only", locationsLimit: "some", locationIds: [harbour] }));
    expect(created.status).toBe(302);
    const { db } = await getServices();
    const [row] = await db.select({ id: schema.campaign.id }).from(schema.campaign).where(eq(schema.campaign.title, "Harbour Only"));
    expect(await limitsOf(row!.id)).toEqual({ limited: true, title: "Harbour Only", locations: [harbour] });
  });

  it("takes placements only at its locations (or at none), on add and on move", async () => {
    await limitTo([harbour]);
    const refused = await placementPost({ intent: "addPlacement", name: "Old Town till", locationId: oldTown });
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe("This campaign runs only at Harbour. Put the placement there, or change the campaign's locations on Edit.");
    expect(await placementsOf()).toEqual([]);

    expect((await placementPost({ intent: "addPlacement", name: "Window", locationId: harbour })).status).toBe(302);
    expect((await placementPost({ intent: "addPlacement", name: "Flyer" })).status).toBe(302);
    const [flyer, windowPoster] = await placementsOf();
    expect([flyer, windowPoster].map((row) => row!.locationId)).toEqual([null, harbour]);

    const moved = await placementPost({ intent: "renamePlacement", placementId: windowPoster!.id, name: "Window", locationId: oldTown });
    expect(moved.status).toBe(400);
    expect(moved.data.formError).toMatch(/^This campaign runs only at Harbour\./);
    // The same refusal in the member's language, on add and on move.
    const german = { "accept-language": "de-DE,de;q=0.9" };
    const refusedInGerman = await placementPost({ intent: "addPlacement", name: "Kasse", locationId: oldTown }, owner.cookie, german);
    expect(refusedInGerman.data.formError).toBe(
      "Diese Kampagne läuft nur in Harbour. Bringen Sie die Platzierung dort an, oder ändern Sie die Standorte der Kampagne unter „Bearbeiten“.",
    );
    const movedInGerman = await placementPost(
      { intent: "renamePlacement", placementId: windowPoster!.id, name: "Window", locationId: oldTown },
      owner.cookie,
      german,
    );
    expect(movedInGerman.data.formError).toMatch(/^Diese Kampagne läuft nur in Harbour\./);
    expect((await placementPost({ intent: "renamePlacement", placementId: flyer!.id, name: "Flyer", locationId: oldTown })).status).toBe(400);
    expect((await placementsOf()).map((row) => row.locationId)).toEqual([null, harbour]);

    // The campaign page offers only Harbour to put a placement at.
    const page = (await callRoute(campaignDetail.loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId })).data;
    expect(page.pickableLocations).toEqual([{ id: harbour, name: "Harbour" }]);

    // Unlimited, any location will do.
    await limitTo("all");
    expect((await placementPost({ intent: "renamePlacement", placementId: flyer!.id, name: "Flyer", locationId: oldTown })).status).toBe(302);
  });

  it("cannot leave out a location where one of its placements is, nor name none or another business's", async () => {
    await placementPost({ intent: "addPlacement", name: "Old Town till", locationId: oldTown });
    const refused = await limitTo([harbour], owner.cookie, { title: "Should not be saved" });
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.locations).toBe(
      "The placement “Old Town till” is at Old Town. Move or delete it first, or keep Old Town among the campaign's locations.",
    );
    expect(await limitsOf()).toEqual({ limited: false, title: "Bakery Week", locations: [] });

    const none = await limitTo([]);
    expect(none.status).toBe(400);
    expect(none.data.fieldErrors.locations).toBe("Pick at least one location, or choose All locations.");

    const other = await createUser({ isPro: true });
    const theirs = await addLocation(other.id, "Harbour");
    const foreign = await limitTo([oldTown, theirs]);
    expect(foreign.status).toBe(404);
    expect(foreign.data.fieldErrors.locations).toBe("Location not found");
    expect(await limitsOf()).toEqual({ limited: false, title: "Bakery Week", locations: [] });
  });

  it("loses a deleted location and, with none left, stays limited to none and says so", async () => {
    await limitTo([harbour, oldTown]);
    const deleteLocation = (locationId: string) =>
      callRoute(locationsRoute.action, makeRequest("/settings/locations", { cookie: owner.cookie, form: { intent: "delete", locationId } }));
    expect((await deleteLocation(oldTown)).status).toBe(200);
    expect((await limitsOf()).locations).toEqual([harbour]);
    expect((await deleteLocation(harbour)).status).toBe(200);
    expect(await limitsOf()).toEqual({ limited: true, title: "Summer Coffee Special", locations: [] });
    expect((await listScreen()).locationLimits).toEqual({ [campaignId]: [] });

    const quay = await addLocation(owner.id, "Quay");
    const refused = await placementPost({ intent: "addPlacement", name: "Quay board", locationId: quay });
    expect(refused.status).toBe(400);
    expect(refused.data.formError).toBe(
      "This campaign runs at no location now (its locations were deleted). Choose its locations on Edit first, or add the placement at no location.",
    );
    const edit = (await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${campaignId}`, { cookie: owner.cookie }))).data;
    expect(edit.locationsChoice.chosen).toEqual([]);
  });
});

describe("a manager and a limited campaign", () => {
  let manager: Owner;

  beforeEach(async () => {
    manager = await createUser();
    const { db } = await getServices();
    const [member] = await db
      .insert(schema.businessMember)
      .values({ businessId: owner.id, userId: manager.id, role: "manager", invitedBy: owner.id })
      .returning();
    await db.insert(schema.businessMemberLocation).values({ memberId: member!.id, locationId: harbour });
    await placementPost({ intent: "addPlacement", name: "Window", locationId: harbour });
  });

  it("edits it only when every one of its locations is theirs, and never changes where it runs", async () => {
    // All its placements are at Harbour, but it runs at Old Town too: Old Town's copy is not Harbour's to change.
    await limitTo([harbour, oldTown]);
    const card = (await listScreen(manager.cookie)).campaigns.find((row: { id: string }) => row.id === campaignId);
    expect(card.shared).toBe(true);
    const page = (await callRoute(campaignDetail.loader, makeRequest(`/campaigns/${campaignId}`, { cookie: manager.cookie }), { campaignId })).data;
    expect(page.canEdit).toBe(false);
    expect((await postCampaigns(manager.cookie, campaignForm({ intent: "update", campaignId, title: "Hijacked" }))).status).toBe(403);
    expect((await postCampaigns(manager.cookie, { intent: "toggle", campaignId })).status).toBe(403);
    const edit = await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${campaignId}`, { cookie: manager.cookie }));
    expect(edit.status).toBe(403);
    expect((await limitsOf()).title).toBe("Summer Coffee Special");

    // Limited to Harbour alone it is theirs; what they post about locations is ignored.
    await limitTo([harbour]);
    expect((await listScreen(manager.cookie)).campaigns.find((row: { id: string }) => row.id === campaignId).shared).toBe(false);
    const managerEdit = await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${campaignId}`, { cookie: manager.cookie }));
    expect(managerEdit.status).toBe(200);
    expect(managerEdit.data.locationsChoice).toBeUndefined();
    expect((await limitTo("all", manager.cookie, { title: "Harbour Week" })).status).toBe(302);
    expect(await limitsOf()).toEqual({ limited: true, title: "Harbour Week", locations: [harbour] });
  });

  it("of another location is not theirs to see", async () => {
    const { db } = await getServices();
    await db.delete(schema.placement).where(eq(schema.placement.campaignId, campaignId));
    await limitTo([oldTown]);
    await placementPost({ intent: "addPlacement", name: "Old Town till", locationId: oldTown });
    expect((await listScreen(manager.cookie)).campaigns).toEqual([]);
    const page = await callRoute(campaignDetail.loader, makeRequest(`/campaigns/${campaignId}`, { cookie: manager.cookie }), { campaignId });
    expect(page.status).toBe(403);
    // Nor can they put one of their own placements on it.
    expect((await placementPost({ intent: "addPlacement", name: "Sneaky", locationId: harbour }, manager.cookie)).status).toBe(403);
  });
});
