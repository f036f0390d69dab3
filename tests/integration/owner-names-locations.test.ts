// Locations (docs/features/team.md, "Locations"): named by a Pro or Enterprise owner, one name once
// per business; a placement may belong to one; deleting a location detaches its placements. Only
// the owner reaches them: another business gets 404 and a member of the business gets 403.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { membershipOf } from "~/features/auth/session.server";
import { actingFor } from "~/features/team/member.server";
import { TEAM_PLAN_TEXT } from "~/features/team/team";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let other: Owner;

const page = () => import("~/routes/settings.locations");
const detail = () => import("~/routes/campaign-detail");

async function post(form: Record<string, string>, cookie = owner.cookie) {
  const { action } = await page();
  return callRoute(action, makeRequest("/settings/locations", { cookie, form }));
}

async function load(cookie = owner.cookie) {
  const { loader } = await page();
  return callRoute(loader, makeRequest("/settings/locations", { cookie }));
}

async function locationsOf(userId: string) {
  const { db } = await getServices();
  return db
    .select({ id: schema.location.id, name: schema.location.name, address: schema.location.address, timeZone: schema.location.timeZone })
    .from(schema.location)
    .where(eq(schema.location.userId, userId))
    .orderBy(schema.location.name);
}

async function placementRow(id: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ name: schema.placement.name, locationId: schema.placement.locationId })
    .from(schema.placement)
    .where(eq(schema.placement.id, id));
  return row;
}

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  other = await createUser({ isPro: true });
});

describe("locations", () => {
  it("are added with an optional address and time zone, renamed and listed by name", async () => {
    const added = await post({ intent: "add", name: "  Old   Town ", address: "", timeZone: "" });
    expect(added.status).toBe(200);
    expect(added.data.message).toBe("Old Town added.");
    await post({ intent: "add", name: "Harbour", address: "1 Quay Street, Porto", timeZone: "Europe/Lisbon" });
    expect(await locationsOf(owner.id)).toEqual([
      { id: expect.any(String), name: "Harbour", address: "1 Quay Street, Porto", timeZone: "Europe/Lisbon" },
      { id: expect.any(String), name: "Old Town", address: null, timeZone: null },
    ]);
    const [harbour] = await locationsOf(owner.id);
    const saved = await post({ intent: "update", locationId: harbour!.id, name: "Harbour front", address: "", timeZone: "Europe/Lisbon" });
    expect(saved.data.message).toBe("Harbour front saved.");
    const screen = (await load()).data;
    expect(screen.included).toBe(true);
    expect(screen.locations.map((row: { name: string; placements: number }) => [row.name, row.placements])).toEqual([
      ["Harbour front", 0],
      ["Old Town", 0],
    ]);
  });

  it("refuse an empty, too long or taken name (whatever the case) and an unknown time zone, with a message", async () => {
    await post({ intent: "add", name: "Harbour" });
    for (const [form, field, message] of [
      [{ name: "   " }, "name", "Please give the location a name"],
      [{ name: "x".repeat(61) }, "name", "Location names are at most 60 characters"],
      [{ name: "HARBOUR" }, "name", "You already have a location with that name"],
      [{ name: "Quay", timeZone: "Mars/Olympus" }, "timeZone", "Choose a time zone from the list"],
      [{ name: "Quay", address: "a".repeat(201) }, "address", "Addresses are at most 200 characters"],
    ] as const) {
      const answer = await post({ intent: "add", ...form });
      expect(answer.status, message).toBe(400);
      expect(answer.data.fieldErrors[field]).toBe(message);
    }
    expect((await locationsOf(owner.id)).map((row) => row.name)).toEqual(["Harbour"]);
    // Another business may use the same name.
    expect((await post({ intent: "add", name: "Harbour" }, other.cookie)).status).toBe(200);
  });

  it("deleted, leave their placements in place with no location", async () => {
    await post({ intent: "add", name: "Harbour" });
    const [harbour] = await locationsOf(owner.id);
    const campaignId = (await createCampaignRow(owner.id, { title: "Bakery Week" })).id;
    const { action, loader } = await detail();
    const added = await callRoute(
      action,
      makeRequest(`/campaigns/${campaignId}`, {
        cookie: owner.cookie,
        form: { intent: "addPlacement", name: "Window poster", locationId: harbour!.id },
      }),
      { campaignId },
    );
    expect(added.status).toBe(302);
    const shown = (await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId })).data;
    expect(shown.locations).toEqual([{ id: harbour!.id, name: "Harbour" }]);
    const [placementId] = Object.keys(shown.placementLocations);
    expect(shown.placementLocations).toEqual({ [placementId!]: harbour!.id });
    expect((await load()).data.locations[0].placements).toBe(1);

    expect((await post({ intent: "delete", locationId: harbour!.id })).data.message).toBe(
      "Location deleted. Its placements keep their codes, with no location.",
    );
    expect(await locationsOf(owner.id)).toEqual([]);
    expect(await placementRow(placementId!)).toEqual({ name: "Window poster", locationId: null });
  });

  it("are part of Pro and Enterprise: a Free owner sees why and cannot add one", async () => {
    const free = await createUser();
    expect((await load(free.cookie)).data.included).toBe(false);
    const refused = await post({ intent: "add", name: "Harbour" }, free.cookie);
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe(TEAM_PLAN_TEXT);
    expect(await locationsOf(free.id)).toEqual([]);
  });

  it("of another business cannot be changed, deleted or given to a placement", async () => {
    await post({ intent: "add", name: "Harbour" });
    const [harbour] = await locationsOf(owner.id);
    expect((await post({ intent: "update", locationId: harbour!.id, name: "Hijacked" }, other.cookie)).status).toBe(404);
    await post({ intent: "delete", locationId: harbour!.id }, other.cookie);
    expect((await locationsOf(owner.id)).map((row) => row.name)).toEqual(["Harbour"]);
    expect((await load(other.cookie)).data.locations).toEqual([]);

    const campaignId = (await createCampaignRow(other.id, { title: "Other's" })).id;
    const { action } = await detail();
    const refused = await callRoute(
      action,
      makeRequest(`/campaigns/${campaignId}`, { cookie: other.cookie, form: { intent: "addPlacement", name: "Flyer", locationId: harbour!.id } }),
      { campaignId },
    );
    expect(refused.status).toBe(404);
    expect(refused.data.formError).toBe("Location not found");
    const { db } = await getServices();
    expect(await db.select().from(schema.placement).where(eq(schema.placement.campaignId, campaignId))).toEqual([]);
  });

  it("move with the placement form: a rename without a location keeps it, an empty choice detaches it", async () => {
    await post({ intent: "add", name: "Harbour" });
    await post({ intent: "add", name: "Old Town" });
    const [harbour, oldTown] = await locationsOf(owner.id);
    const campaignId = (await createCampaignRow(owner.id, { title: "Bakery Week" })).id;
    const { action } = await detail();
    const placementPost = (form: Record<string, string>) =>
      callRoute(action, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie, form }), { campaignId });
    await placementPost({ intent: "addPlacement", name: "Flyer", locationId: harbour!.id });
    const { db } = await getServices();
    const [{ id }] = (await db.select({ id: schema.placement.id }).from(schema.placement).where(eq(schema.placement.campaignId, campaignId))) as [
      { id: string },
    ];
    await placementPost({ intent: "renamePlacement", placementId: id, name: "Flyer A5" });
    expect(await placementRow(id)).toEqual({ name: "Flyer A5", locationId: harbour!.id });
    await placementPost({ intent: "renamePlacement", placementId: id, name: "Flyer A5", locationId: oldTown!.id });
    expect(await placementRow(id)).toEqual({ name: "Flyer A5", locationId: oldTown!.id });
    await placementPost({ intent: "renamePlacement", placementId: id, name: "Flyer A5", locationId: "" });
    expect(await placementRow(id)).toEqual({ name: "Flyer A5", locationId: null });
  });
});

describe("the member check", () => {
  it("lets an owner act for their own business, and a member for the business that added them, with its plan", async () => {
    const { db } = await getServices();
    const staff = await createUser();
    await post({ intent: "add", name: "Harbour" });
    const [harbour] = await locationsOf(owner.id);
    const ownerUser = { id: owner.id, plan: { isPro: true, name: "Pro" }, membership: await membershipOf(db, { userId: owner.id }) };
    expect(await actingFor(db, ownerUser)).toMatchObject({ businessId: owner.id, role: "owner", locationIds: null });

    const [member] = await db
      .insert(schema.businessMember)
      .values({ businessId: owner.id, userId: staff.id, role: "staff", invitedBy: owner.id })
      .returning();
    await db.insert(schema.businessMemberLocation).values({ memberId: member!.id, locationId: harbour!.id });
    const staffUser = { id: staff.id, plan: { isPro: false, name: "Free" }, membership: await membershipOf(db, { userId: staff.id }) };
    const acting = await actingFor(db, staffUser);
    expect(acting).toMatchObject({ businessId: owner.id, role: "staff", locationIds: [harbour!.id] });
    expect(acting.plan.isPro).toBe(true);

    // The owner's screens send staff to the counter and change nothing; a manager gets a page that says why.
    const refused = await load(staff.cookie);
    expect({ status: refused.status, location: refused.response!.headers.get("location") }).toEqual({ status: 302, location: "/redeem" });
    expect((await post({ intent: "delete", locationId: harbour!.id }, staff.cookie)).status).toBe(302);
    await db.update(schema.businessMember).set({ role: "manager" }).where(eq(schema.businessMember.id, member!.id));
    const manager = await load(staff.cookie);
    expect(manager.status).toBe(403);
    expect(manager.data).toBe("This page is not part of your role in this business. Ask its owner if you need it.");
    expect((await post({ intent: "delete", locationId: harbour!.id }, staff.cookie)).status).toBe(403);
    expect((await locationsOf(owner.id)).map((row) => row.name)).toEqual(["Harbour"]);
  });
});
