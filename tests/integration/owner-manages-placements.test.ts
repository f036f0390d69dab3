// Placements of a campaign: added, renamed and deleted by the owner only; each has its own QR code
// (marked ?s=qr&p=<id>); leads carry the placement into the list, its filter and the CSV.
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { PLACEMENTS_PER_CAMPAIGN } from "~/features/placements/placements.schema";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest, type RouteAnswer } from "../support/http";
import { insertPlacement, utcAt } from "../support/analytics-support";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let other: Owner;
let campaignId: string;

const detail = () => import("~/routes/campaign-detail");

async function post(form: Record<string, string>, cookie = owner.cookie, id = campaignId) {
  const { action } = await detail();
  return callRoute(action, makeRequest(`/campaigns/${id}?range=7`, { cookie, form }), { campaignId: id });
}

async function placementsOf(id = campaignId) {
  const { db } = await getServices();
  return db
    .select({ id: schema.placement.id, name: schema.placement.name })
    .from(schema.placement)
    .where(eq(schema.placement.campaignId, id))
    .orderBy(schema.placement.createdAt);
}

const errorsOf = (answer: RouteAnswer) => answer.data;

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  other = await createUser({ isPro: true });
  campaignId = (await createCampaignRow(owner.id, { title: "Bakery Week" })).id;
});

describe("placements", () => {
  it("are added, renamed and deleted by the owner, and back on the page at the table", async () => {
    const added = await post({ intent: "addPlacement", name: "  Window   poster " });
    expect(added.status).toBe(302);
    expect(added.response!.headers.get("location")).toBe(`/campaigns/${campaignId}?range=7#placements`);
    await post({ intent: "addPlacement", name: "Table tent" });
    const [windowPoster, tableTent] = await placementsOf();
    expect([windowPoster?.name, tableTent?.name]).toEqual(["Window poster", "Table tent"]);

    expect((await post({ intent: "renamePlacement", placementId: tableTent!.id, name: "Table tent (terrace)" })).status).toBe(302);
    expect((await placementsOf()).map((row) => row.name)).toEqual(["Window poster", "Table tent (terrace)"]);

    // Deleting keeps the scans and leads it brought: they lose their placement, not their count.
    const [scanId] = await createScanRows(campaignId, [{ at: utcAt(0, 1), source: "qr", placementId: windowPoster!.id }]);
    await createLeadRow(campaignId, { collectedAt: utcAt(0, 1), placementId: windowPoster!.id, scanId });
    expect((await post({ intent: "deletePlacement", placementId: windowPoster!.id })).status).toBe(302);
    expect((await placementsOf()).map((row) => row.name)).toEqual(["Table tent (terrace)"]);
    const { db } = await getServices();
    const scans = await db.select({ placementId: schema.scan.placementId }).from(schema.scan).where(eq(schema.scan.campaignId, campaignId));
    expect(scans).toEqual([{ placementId: null }]);
    const { loader } = await detail();
    const page = (await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId })).data;
    expect(page.analytics.placements.map((row: { name: string; scans: number; leads: number }) => [row.name, row.scans, row.leads])).toEqual([
      ["Table tent (terrace)", 0, 0],
      ["No placement", 1, 1],
    ]);
  });

  it("refuse empty, too long and duplicate names (whatever the case) with a message", async () => {
    await post({ intent: "addPlacement", name: "Flyer" });
    for (const [name, message] of [
      ["   ", "Please give the placement a name"],
      ["x".repeat(61), "Placement names are at most 60 characters"],
      ["FLYER", "This campaign already has a placement with that name"],
    ]) {
      const result = await post({ intent: "addPlacement", name });
      expect(result.status, name).toBe(400);
      expect(errorsOf(result).fieldErrors?.name).toBe(message);
    }
    const second = await post({ intent: "addPlacement", name: "Poster" });
    expect(second.status).toBe(302);
    const [, poster] = await placementsOf();
    const renamed = await post({ intent: "renamePlacement", placementId: poster!.id, name: "flyer" });
    expect(renamed.status).toBe(400);
    expect(errorsOf(renamed).fieldErrors?.name).toBe("This campaign already has a placement with that name");
    expect((await placementsOf()).map((row) => row.name)).toEqual(["Flyer", "Poster"]);
  });

  it(`stop at ${PLACEMENTS_PER_CAMPAIGN} per campaign`, async () => {
    for (let index = 0; index < PLACEMENTS_PER_CAMPAIGN; index++) await insertPlacement(campaignId, `Copy ${index}`);
    const result = await post({ intent: "addPlacement", name: "One too many" });
    expect(result.status).toBe(400);
    expect(errorsOf(result).formError).toBe(`A campaign can have at most ${PLACEMENTS_PER_CAMPAIGN} placements`);
    expect(await placementsOf()).toHaveLength(PLACEMENTS_PER_CAMPAIGN);
  });

  it("are a 404 for another owner, who changes nothing", async () => {
    const placementId = await insertPlacement(campaignId, "Window poster");
    const before = await placementsOf();
    for (const form of <Array<Record<string, string>>>[
      { intent: "addPlacement", name: "Hijack" },
      { intent: "renamePlacement", placementId, name: "Hijacked" },
      { intent: "deletePlacement", placementId },
    ]) {
      expect((await post(form, other.cookie)).status, form.intent).toBe(404);
    }
    // Through their own campaign, another campaign's placement is not theirs either.
    const theirs = (await createCampaignRow(other.id)).id;
    expect((await post({ intent: "renamePlacement", placementId, name: "Hijacked" }, other.cookie, theirs)).status).toBe(404);
    // Deleting what is not (or no longer) in the campaign changes nothing and goes back to the page.
    expect((await post({ intent: "deletePlacement", placementId }, other.cookie, theirs)).status).toBe(302);
    expect((await post({ intent: "deletePlacement", placementId: crypto.randomUUID() })).status).toBe(302);
    expect((await post({ intent: "deletePlacement", placementId: "nope" })).status).toBe(404);
    expect(await placementsOf()).toEqual(before);
  });

  it("each have a QR code marked with the placement, for the owner only", async () => {
    const placementId = await insertPlacement(campaignId, "Table tent");
    const qrRoute = await import("~/routes/qr-code");
    const params = { campaignId, placementId };
    const response = (
      await callRoute(qrRoute.loader, makeRequest(`/campaigns/${campaignId}/placements/${placementId}/qr.png`, { cookie: owner.cookie }), params)
    ).response!;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Bakery Week - Table tent-qr-code.png"/);
    const image = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    const { db } = await getServices();
    const [link] = await db.select().from(schema.shortLink).where(eq(schema.shortLink.placementId, placementId));
    expect(link).toMatchObject({ campaignId, placementId });
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`HTTP://LOCALHOST:3000/Q/${link!.code}`);
    const vector = (await callRoute(qrRoute.loader, makeRequest("/x.svg", { cookie: owner.cookie }), params)).response!;
    expect(vector.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(await vector.text()).toMatch(/^<svg/);

    for (const [cookie, ids] of [
      [other.cookie, params],
      [owner.cookie, { campaignId, placementId: crypto.randomUUID() }],
      [owner.cookie, { campaignId: (await createCampaignRow(owner.id)).id, placementId }],
    ] as const) {
      for (const format of ["png", "svg"]) {
        expect(
          (await callRoute(qrRoute.loader, makeRequest(`/campaigns/${ids.campaignId}/placements/${ids.placementId}/qr.${format}`, { cookie }), ids))
            .status,
        ).toBe(404);
      }
    }
  });

  it("show on leads, filter them and travel in the CSV", async () => {
    const windowPoster = await insertPlacement(campaignId, "Window poster");
    const tableTent = await insertPlacement(campaignId, "Table tent");
    await createLeadRow(campaignId, { collectedAt: utcAt(0, 1), placementId: windowPoster, name: "Wendy", email: "wendy@example.org" });
    await createLeadRow(campaignId, { collectedAt: utcAt(0, 2), placementId: tableTent, name: "Tom", email: "tom@example.org" });
    await createLeadRow(campaignId, { collectedAt: utcAt(0, 3), name: "Linda", email: "linda@example.org" });
    const theirs = (await createCampaignRow(other.id)).id;
    const theirPlacement = await insertPlacement(theirs, "Their poster");

    const leads = await import("~/routes/leads");
    const all = (await callRoute(leads.loader, makeRequest("/leads", { cookie: owner.cookie }))).data;
    expect(all.leads.map((lead: { name: string; placement: string | null }) => [lead.name, lead.placement])).toEqual([
      ["Linda", null],
      ["Tom", "Table tent"],
      ["Wendy", "Window poster"],
    ]);
    expect(all.placements).toEqual([
      { id: tableTent, name: "Table tent", campaign: "Bakery Week" },
      { id: windowPoster, name: "Window poster", campaign: "Bakery Week" },
    ]);
    const filtered = (await callRoute(leads.loader, makeRequest(`/leads?placement=${windowPoster}`, { cookie: owner.cookie }))).data;
    expect(filtered.leads.map((lead: { name: string }) => lead.name)).toEqual(["Wendy"]);
    expect(filtered.query.placement).toBe(windowPoster);
    const foreign = (await callRoute(leads.loader, makeRequest(`/leads?placement=${theirPlacement}`, { cookie: owner.cookie }))).data;
    expect(foreign).toMatchObject({ leads: [], matching: 0 });

    const exportRoute = await import("~/routes/leads-export");
    const csv = async (search: string) =>
      (await (await callRoute(exportRoute.loader, makeRequest(`/leads/export.csv${search}`, { cookie: owner.cookie }))).response!.text())
        .replace(/^\uFEFF/, "")
        .split("\r\n");
    const lines = await csv("");
    expect(lines[0]!.split(",").slice(0, 6).join(",")).toBe("Name,Email,Phone,Campaign,Collected At,Placement");
    expect(lines.slice(1, -1).map((line) => [line.split(",")[0], line.split(",")[5]])).toEqual([
      ["Linda", ""],
      ["Tom", "Table tent"],
      ["Wendy", "Window poster"],
    ]);
    expect((await csv(`?placement=${tableTent}`)).slice(1, -1).map((line) => line.split(",")[0])).toEqual(["Tom"]);
  });
});
