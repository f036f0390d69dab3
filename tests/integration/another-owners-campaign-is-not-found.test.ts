import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as campaignsRoute from "~/routes/campaigns";
import * as detailRoute from "~/routes/campaign-detail";
import * as qrRoute from "~/routes/qr-code";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";
import { campaignForm, readCampaignRow, createCampaignFor, postCampaigns } from "../support/campaigns-support";

describe("another user's campaign", () => {
  it("is 404 for every action and resource route, and nothing changes", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    const { db } = await getServices();
    await db.insert(schema.lead).values({ campaignId: id, name: "A", email: "a@example.com" });
    const before = await readCampaignRow(id);

    const intruder = await createUser({ isPro: true });
    const cookie = intruder.cookie;
    const statuses = {
      toggle: (await postCampaigns(cookie, { intent: "toggle", campaignId: id })).status,
      delete: (await postCampaigns(cookie, { intent: "delete", campaignId: id })).status,
      update: (await postCampaigns(cookie, campaignForm({ intent: "update", campaignId: id, title: "Hijacked" }))).status,
      edit: (await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${id}`, { cookie }))).status,
      detail: (await callRoute(detailRoute.loader, makeRequest(`/campaigns/${id}`, { cookie }), { campaignId: id })).status,
      png: (await callRoute(qrRoute.loader, makeRequest(`/campaigns/${id}/qr.png`, { cookie }), { campaignId: id })).status,
      svg: (await callRoute(qrRoute.loader, makeRequest(`/campaigns/${id}/qr.svg`, { cookie }), { campaignId: id })).status,
    };
    expect(statuses).toEqual({ toggle: 404, delete: 404, update: 404, edit: 404, detail: 404, png: 404, svg: 404 });

    expect(await readCampaignRow(id)).toEqual(before);
    expect(await db.select().from(schema.lead).where(eq(schema.lead.campaignId, id))).toHaveLength(1);
    const listed = await callRoute(campaignsRoute.loader, makeRequest("/campaigns", { cookie }));
    expect(listed.data.campaigns).toEqual([]);
    expect(listed.data.summary).toMatchObject({ total: 0, leads: 0 });
  });

  it("is still the owner's to see", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    const png = (await callRoute(qrRoute.loader, makeRequest(`/campaigns/${id}/qr.png`, { cookie: owner.cookie }), { campaignId: id })).response!;
    expect(png.status).toBe(200);
  });

  it("sends signed-out visitors of the resource routes to /signin", async () => {
    const owner = await createUser();
    const id = await createCampaignFor(owner);
    expectRedirect(await callRoute(qrRoute.loader, makeRequest(`/campaigns/${id}/qr.png`), { campaignId: id }), "/signin");
    expectRedirect(await callRoute(qrRoute.loader, makeRequest(`/campaigns/${id}/qr.svg`), { campaignId: id }), "/signin");
    expectRedirect(await callRoute(detailRoute.loader, makeRequest(`/campaigns/${id}`), { campaignId: id }), "/signin");
  });

  it("cannot borrow another user's uploaded logo", async () => {
    const { db } = await getServices();
    const victim = await createUser();
    const key = `qr-logos/${Date.now()}-0123456789abcdef.png`;
    await db.insert(schema.upload).values({ key, userId: victim.id, contentType: "image/png", size: 10 });
    const intruder = await createUser();
    const result = await postCampaigns(intruder.cookie, campaignForm({ qrLogoUrl: `/uploads/${key}` }));
    expect(result.status).toBe(400);
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.userId, intruder.id))).toHaveLength(0);
  });
});
