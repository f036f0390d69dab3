// A staff member signed in under their own name (docs/features/team.md, "At the counter"): the
// counter for their locations only, redeems recorded with their name and the location, undo of
// their own redeems only; every other owner screen sends them to the counter (or, for the
// screens on the one guard, answers the 403 page). The owner's lead page and CSV
// name who redeemed and where; a shared counter link is named as a shared device.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { getServices } from "~/utils/services.server";
import { api } from "../support/api-support";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { codeRow, createClaim } from "../support/redeem-support";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let sam: Owner;
let kim: Owner;
let harbourCode: string;
let oldTownCode: string;
let harbourLeadId: string;
let oldTownLeadId: string;
let harbourId: string;

const redeem = () => import("~/routes/redeem");

async function addMember(person: Owner, role: "staff" | "manager" | "viewer", locationIds: string[]) {
  const { db } = await getServices();
  const [member] = await db.insert(schema.businessMember).values({ businessId: owner.id, userId: person.id, role, invitedBy: owner.id }).returning();
  if (locationIds.length)
    await db.insert(schema.businessMemberLocation).values(locationIds.map((locationId) => ({ memberId: member!.id, locationId })));
}

async function counterLookup(code: string, cookie: string) {
  const { loader } = await redeem();
  return callRoute(loader, makeRequest(`/redeem?code=${code}`, { cookie }));
}

async function counterPost(intent: "redeem" | "undo", code: string, cookie: string) {
  const { action } = await redeem();
  return callRoute(action, makeRequest("/redeem", { cookie, form: { intent, code } }));
}

/** The owner makes a shared counter link (for one location when given); a device opens it: that device's cookie. */
async function openSharedCounterLink(label: string, locationId = "") {
  const staffLinks = await import("~/routes/redeem.staff");
  const form = { intent: "create", label, locationId };
  const created = (await callRoute(staffLinks.action, makeRequest("/redeem/staff", { cookie: owner.cookie, form }))).data;
  const token = created.created.url.split("/").at(-1)!;
  const link = await import("~/routes/redeem.staff-link");
  const opened = (await callRoute(link.loader, makeRequest(`/redeem/s/${token}`), { token })).response!;
  return opened.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  sam = await createUser({ email: `sam.${Date.now()}@example.org` });
  kim = await createUser();
  const { db } = await getServices();
  const [harbour, oldTown] = await db
    .insert(schema.location)
    .values([
      { userId: owner.id, name: "Harbour" },
      { userId: owner.id, name: "Old Town" },
    ])
    .returning({ id: schema.location.id });
  const campaignId = (await createCampaignRow(owner.id, { title: "Bakery Week" })).id;
  const [window, terrace] = await db
    .insert(schema.placement)
    .values([
      { campaignId, name: "Window", locationId: harbour!.id },
      { campaignId, name: "Terrace", locationId: oldTown!.id },
    ])
    .returning({ id: schema.placement.id });
  const atHarbour = await createClaim(campaignId, { name: "Ana Costa", email: "ana@example.org" });
  const atOldTown = await createClaim(campaignId, { name: "Rui Lima", email: "rui@example.org" });
  await db.update(schema.lead).set({ placementId: window!.id }).where(eq(schema.lead.id, atHarbour.leadId));
  await db.update(schema.lead).set({ placementId: terrace!.id }).where(eq(schema.lead.id, atOldTown.leadId));
  harbourCode = atHarbour.code;
  harbourId = harbour!.id;
  oldTownCode = atOldTown.code;
  harbourLeadId = atHarbour.leadId;
  oldTownLeadId = atOldTown.leadId;
  await addMember(sam, "staff", [harbour!.id]);
  await addMember(kim, "staff", [harbour!.id]);
});

describe("a staff member at the counter", () => {
  it("finds and redeems only their locations' codes, under their own name and the location", async () => {
    const found = await counterLookup(harbourCode, sam.cookie);
    expect(found.status).toBe(200);
    expect(found.data.found).toMatchObject({ firstName: "Ana", status: "valid" });
    // They see their own name at the counter, with a way to sign out.
    expect(found.data.scope).toEqual({ isOwner: false, isMember: true, label: "Sam" });
    expect(JSON.stringify(found.data)).not.toContain("ana@example.org");
    expect((await counterLookup(oldTownCode, sam.cookie)).status).toBe(404);
    expect((await counterPost("redeem", oldTownCode, sam.cookie)).status).toBe(404);
    expect((await codeRow(oldTownCode))!.redeemedAt).toBeNull();

    const other = await createUser({ isPro: true });
    const elsewhere = await createClaim((await createCampaignRow(other.id, { title: "Other's" })).id, { name: "Al", email: "al@example.org" });
    expect((await counterLookup(elsewhere.code, sam.cookie)).status).toBe(404);

    const redeemed = await counterPost("redeem", harbourCode, sam.cookie);
    expect(redeemed.data).toMatchObject({ ok: true, message: "Redeemed. Hand over the offer." });
    expect(await codeRow(harbourCode)).toMatchObject({ redeemedBy: "Sam", redeemedByUserId: sam.id, redeemedLocation: "Harbour" });
    expect((await counterLookup(harbourCode, kim.cookie)).data.found.alreadyRedeemed).toMatch(/ by Sam$/);
  });

  it("undoes only their own last redeem", async () => {
    await counterPost("redeem", harbourCode, sam.cookie);
    expect((await counterLookup(harbourCode, kim.cookie)).data.found.canUndo).toBe(false);
    expect((await counterPost("undo", harbourCode, kim.cookie)).status).toBe(409);
    expect((await codeRow(harbourCode))!.redeemedAt).not.toBeNull();
    expect((await counterLookup(harbourCode, sam.cookie)).data.found.canUndo).toBe(true);
    expect((await counterPost("undo", harbourCode, sam.cookie)).data.ok).toBe(true);
    expect(await codeRow(harbourCode)).toMatchObject({ redeemedAt: null, redeemedBy: null, redeemedByUserId: null, redeemedLocation: null });
  });

  it.each([
    ["routes/dashboard", "/dashboard"],
    ["routes/leads", "/leads"],
    ["routes/campaigns", "/campaigns"],
    ["routes/leads-export", "/leads/export.csv"],
    ["routes/settings", "/settings"],
    ["routes/redeem.staff", "/redeem/staff"],
  ])("is sent from %s to the counter", async (file, path) => {
    const module = (await import(/* @vite-ignore */ `~/${file}`)) as { loader: (args: unknown) => unknown };
    const answer = await callRoute(module.loader, makeRequest(path, { cookie: sam.cookie }));
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toBe("/redeem");
  });

  it("is sent from the team and locations screens to the counter, and sees only the counter in the header", async () => {
    for (const [file, path] of [
      ["routes/settings.team", "/settings/team"],
      ["routes/settings.locations", "/settings/locations"],
    ]) {
      const module = (await import(/* @vite-ignore */ `~/${file}`)) as { loader: (args: unknown) => unknown };
      const answer = await callRoute(module.loader, makeRequest(path!, { cookie: sam.cookie }));
      expect({ status: answer.status, location: answer.response!.headers.get("location") }).toEqual({ status: 302, location: "/redeem" });
    }
    const layout = await import("~/routes/site-layout");
    const header = await callRoute(layout.loader, makeRequest("/redeem", { cookie: sam.cookie }));
    expect(header.data.user).toMatchObject({ counterOnly: true });
    const ownerHeader = await callRoute(layout.loader, makeRequest("/redeem", { cookie: owner.cookie }));
    expect(ownerHeader.data.user).toMatchObject({ counterOnly: false });
  });

  it("with no location, finds no code at all; a viewer has no counter", async () => {
    const { db } = await getServices();
    await db.delete(schema.businessMemberLocation);
    expect((await counterLookup(harbourCode, sam.cookie)).status).toBe(404);
    const viewer = await createUser();
    await addMember(viewer, "viewer", []);
    expect((await counterLookup(harbourCode, viewer.cookie)).status).toBe(403);
  });
});

describe("the owner's record of a redeem", () => {
  it("names the member and the location on the lead's page and in the CSV, and a shared link as a shared device", async () => {
    await counterPost("redeem", harbourCode, sam.cookie);
    const detail = await import("~/routes/lead-detail");
    const page = await callRoute(detail.loader, makeRequest(`/leads/${harbourLeadId}`, { cookie: owner.cookie }), { leadId: harbourLeadId });
    expect(page.data.lead.offerCode).toMatchObject({ status: "redeemed", redeemedBy: "Sam", redeemedLocation: "Harbour" });

    const deviceCookie = await openSharedCounterLink("Front counter");
    expect((await counterPost("redeem", oldTownCode, deviceCookie)).data.ok).toBe(true);

    const exported = await import("~/routes/leads-export");
    const csv = await (await callRoute(exported.loader, makeRequest("/leads/export.csv", { cookie: owner.cookie }))).response!.text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header!.endsWith(",redeemed_by,location")).toBe(true);
    expect(rows.find((row) => row.startsWith("Ana Costa"))!.endsWith(",Sam,Harbour")).toBe(true);
    expect(rows.find((row) => row.startsWith("Rui Lima"))!.endsWith(",Front counter (shared device),Old Town")).toBe(true);
  });
});

describe("the API's and webhooks' record of a redeem", () => {
  it("carry who redeemed and where in the lead's redemption, a shared link as a shared device", async () => {
    const { db } = await getServices();
    await db.insert(schema.webhookEndpoint).values({
      userId: owner.id,
      url: "https://hooks.example.com/leadqr",
      events: ["offer.redeemed"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const { key } = await createApiKey(db, { userId: owner.id, name: "Tests" });
    expect((await api("GET", `/leads/${harbourLeadId}`, { key })).body.redemption).toBeNull();

    await counterPost("redeem", harbourCode, sam.cookie);
    const deviceCookie = await openSharedCounterLink("Front counter");
    expect((await counterPost("redeem", oldTownCode, deviceCookie)).data.ok).toBe(true);

    const bySam = { redeemed_by: "Sam", shared_device: false, location: "Harbour" };
    const byDevice = { redeemed_by: "Front counter", shared_device: true, location: "Old Town" };
    const harbour = (await api("GET", `/leads/${harbourLeadId}`, { key })).body;
    expect(harbour.redemption).toMatchObject(bySam);
    expect(Date.parse(harbour.redemption.redeemed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api("GET", `/leads/${oldTownLeadId}`, { key })).body.redemption).toMatchObject(byDevice);
    const listed = (await api("GET", "/leads", { key })).body.data;
    expect(listed.find((row: { id: string }) => row.id === harbourLeadId).redemption).toMatchObject(bySam);

    const events = await db
      .select({ payload: schema.webhookEvent.payload })
      .from(schema.webhookEvent)
      .where(and(eq(schema.webhookEvent.userId, owner.id), eq(schema.webhookEvent.type, "offer.redeemed")));
    const redemptions = events.map(({ payload }) => (payload as { data: { lead: { id: string; redemption: unknown } } }).data.lead);
    expect(redemptions.find((lead) => lead.id === harbourLeadId)!.redemption).toMatchObject(bySam);
    expect(redemptions.find((lead) => lead.id === oldTownLeadId)!.redemption).toMatchObject(byDevice);
  });
});

describe("a shared counter link for one location", () => {
  it("finds and redeems that location's codes only, and is offered only the owner's locations", async () => {
    const device = await openSharedCounterLink("Harbour till", harbourId);
    expect((await counterLookup(oldTownCode, device)).status).toBe(404);
    expect((await counterPost("redeem", oldTownCode, device)).status).toBe(404);
    expect((await codeRow(oldTownCode))!.redeemedAt).toBeNull();
    expect((await counterLookup(harbourCode, device)).data.found).toMatchObject({ firstName: "Ana", status: "valid" });
    expect((await counterPost("redeem", harbourCode, device)).data.ok).toBe(true);
    expect(await codeRow(harbourCode)).toMatchObject({ redeemedBy: "Staff: Harbour till", redeemedLocation: "Harbour" });

    const staffLinks = await import("~/routes/redeem.staff");
    const listed = await callRoute(staffLinks.loader, makeRequest("/redeem/staff", { cookie: owner.cookie }));
    expect(listed.data.locations.map((place: { name: string }) => place.name).sort()).toEqual(["Harbour", "Old Town"]);
    expect(listed.data.links).toEqual([expect.objectContaining({ label: "Harbour till", scope: "All campaigns · Harbour" })]);

    const stranger = await createUser({ isPro: true });
    const { db } = await getServices();
    const [theirs] = await db.insert(schema.location).values({ userId: stranger.id, name: "Elsewhere" }).returning({ id: schema.location.id });
    const refused = await callRoute(
      staffLinks.action,
      makeRequest("/redeem/staff", { cookie: owner.cookie, form: { intent: "create", label: "Sneaky", locationId: theirs!.id } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ locationId: "Please choose a location from the list" });
    expect(await db.select().from(schema.staffAccess).where(eq(schema.staffAccess.label, "Sneaky"))).toEqual([]);
  });
});

describe("the dashboard's redemptions by location and by staff member", () => {
  it("count the last 7 and 30 days by where and by whom, a shared link as a shared device", async () => {
    await counterPost("redeem", harbourCode, sam.cookie);
    const device = await openSharedCounterLink("Front counter");
    await counterPost("redeem", oldTownCode, device);
    const { db } = await getServices();
    const campaignId = (await codeRow(harbourCode))!.campaignId;
    const older = await createClaim(campaignId, { name: "Eva Sousa", email: "eva@example.org" });
    const tooOld = await createClaim(campaignId, { name: "Joao Reis", email: "joao@example.org" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db
      .update(schema.offerCode)
      .set({ redeemedAt: daysAgo(10), redeemedBy: "Sam", redeemedLocation: "Harbour" })
      .where(eq(schema.offerCode.code, older.code));
    await db
      .update(schema.offerCode)
      .set({ redeemedAt: daysAgo(40), redeemedBy: "Sam", redeemedLocation: "Harbour" })
      .where(eq(schema.offerCode.code, tooOld.code));

    const route = await import("~/routes/dashboard");
    const page = await callRoute(route.loader, makeRequest("/dashboard", { cookie: owner.cookie }));
    expect(page.data.redemptions).toEqual({
      byLocation: [
        { name: "Harbour", lastWeek: 1, lastMonth: 2 },
        { name: "Old Town", lastWeek: 1, lastMonth: 1 },
      ],
      byPerson: [
        { name: "Sam", lastWeek: 1, lastMonth: 2 },
        { name: "Front counter (shared device)", lastWeek: 1, lastMonth: 1 },
      ],
    });
  });
});
