// Many visitors behind one address (café Wi-Fi, a school, a carrier's NAT) can all leave their
// details: a valid, unused scan token is bounded per token and per campaign, not per address
// (issue 11, finding 5). Posts without one keep the per-address budget.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as route from "~/routes/capture";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { phoneUserAgent } from "../support/row-factories";

const CAFE = "192.0.2.77";

async function scanToken(campaignId: string) {
  const request = makeRequest(`/capture/${campaignId}`, { method: "GET", headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": CAFE } });
  return (await callRoute(route.loader, request, { campaignId })).data.scanToken as string;
}

function submit(campaignId: string, form: Record<string, string>, address = CAFE) {
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address } });
  return callRoute(route.action, request, { campaignId });
}

async function leadCount(campaignId: string) {
  const { db } = await getServices();
  return (await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.campaignId, campaignId))).length;
}

describe("visitors sharing one address", () => {
  it("the 21st visitor in ten minutes with a fresh scan token is not refused", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const visitors = RATE_LIMITS.leadByAddress.points + 5;
    for (let i = 0; i < visitors; i++) {
      const token = await scanToken(campaign.id);
      const result = await submit(campaign.id, { name: `Guest ${i}`, email: `guest${i}@example.com`, scanToken: token });
      expect({ i, status: result.status, ok: result.data.ok }).toEqual({ i, status: 200, ok: true });
    }
    expect(await leadCount(campaign.id)).toBe(visitors);
  });

  it("keeps the per-address budget for posts without a valid token", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "192.0.2.78";
    const used = await scanToken(campaign.id);
    expect((await submit(campaign.id, { name: "First", email: "first@example.com", scanToken: used }, address)).data).toMatchObject({ ok: true });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.leadByAddress.points + 1; i++) {
      // A made-up token and none at all count against the address.
      const scanTokenField = [crypto.randomUUID(), ""][i % 2]!;
      statuses.push((await submit(campaign.id, { name: "Bot", email: `bot${i}@example.com`, scanToken: scanTokenField }, address)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await leadCount(campaign.id)).toBe(1);
  });

  it("bounds repeated posts with one unused token by that token's own budget", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const token = await scanToken(campaign.id);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.leadByToken.points + 1; i++) {
      // Invalid fields never use the token up, so without a token budget this would be unbounded.
      statuses.push((await submit(campaign.id, { name: "", email: "not-an-email", scanToken: token }, `198.18.0.${i + 1}`)).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
