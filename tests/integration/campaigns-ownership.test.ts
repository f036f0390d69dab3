import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as campaignsRoute from "~/routes/campaigns";
import * as detailRoute from "~/routes/campaign-detail";
import * as pngRoute from "~/routes/campaign-qr-png";
import * as svgRoute from "~/routes/campaign-qr-svg";
import { getServices } from "~/utils/services.server";
import { createUser } from "../factories";
import { expectRedirect, makeRequest, statusOf } from "../http";
import { attempt, campaignForm, campaignRow, createCampaignFor, postCampaigns } from "./campaigns-support";

describe("another user's campaign", () => {
  it("is 404 for every action and resource route, and nothing changes", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    const { db } = await getServices();
    await db.insert(schema.lead).values({ campaignId: id, name: "A", email: "a@example.com" });
    const before = await campaignRow(id);

    const intruder = await createUser({ isPro: true });
    const cookie = intruder.cookie;
    const statuses = {
      toggle: statusOf(await postCampaigns(cookie, { intent: "toggle", campaignId: id })),
      delete: statusOf(await postCampaigns(cookie, { intent: "delete", campaignId: id })),
      update: statusOf(await postCampaigns(cookie, campaignForm({ intent: "update", campaignId: id, title: "Hijacked" }))),
      edit: statusOf(await attempt(campaignsRoute.loader, makeRequest(`/campaigns?edit=${id}`, { cookie }))),
      detail: statusOf(await attempt(detailRoute.loader, makeRequest(`/campaigns/${id}`, { cookie }), { campaignId: id })),
      png: statusOf(await attempt(pngRoute.loader, makeRequest(`/campaigns/${id}/qr.png`, { cookie }), { campaignId: id })),
      svg: statusOf(await attempt(svgRoute.loader, makeRequest(`/campaigns/${id}/qr.svg`, { cookie }), { campaignId: id })),
    };
    expect(statuses).toEqual({ toggle: 404, delete: 404, update: 404, edit: 404, detail: 404, png: 404, svg: 404 });

    expect(await campaignRow(id)).toEqual(before);
    expect(await db.select().from(schema.lead).where(eq(schema.lead.campaignId, id))).toHaveLength(1);
    const listed = await attempt(campaignsRoute.loader, makeRequest("/campaigns", { cookie }));
    expect((listed as { campaigns: unknown[]; summary: { total: number } }).campaigns).toEqual([]);
    expect((listed as { summary: { total: number; leads: number } }).summary).toMatchObject({ total: 0, leads: 0 });
  });

  it("is still the owner's to see", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    const png = (await attempt(pngRoute.loader, makeRequest(`/campaigns/${id}/qr.png`, { cookie: owner.cookie }), { campaignId: id })) as Response;
    expect(png.status).toBe(200);
  });

  it("sends signed-out visitors of the resource routes to /signin", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    expectRedirect(await attempt(pngRoute.loader, makeRequest(`/campaigns/${id}/qr.png`), { campaignId: id }), "/signin");
    expectRedirect(await attempt(svgRoute.loader, makeRequest(`/campaigns/${id}/qr.svg`), { campaignId: id }), "/signin");
    expectRedirect(await attempt(detailRoute.loader, makeRequest(`/campaigns/${id}`), { campaignId: id }), "/signin");
  });

  it("cannot borrow another user's uploaded logo", async () => {
    const { db } = await getServices();
    const victim = await createUser();
    const key = `qr-logos/${Date.now()}-0123456789abcdef.png`;
    await db.insert(schema.upload).values({ key, userId: victim.id, contentType: "image/png", size: 10 });
    const intruder = await createUser();
    const result = await postCampaigns(intruder.cookie, campaignForm({ qrLogoUrl: `/uploads/${key}` }));
    expect(statusOf(result)).toBe(400);
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.userId, intruder.id))).toHaveLength(0);
  });
});
