import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { campaignForm, postCampaigns } from "../support/campaigns-support";

const countOf = async (userId: string) => {
  const { db } = await getServices();
  return (await db.select({ id: schema.campaign.id }).from(schema.campaign).where(eq(schema.campaign.userId, userId))).length;
};

describe("the free campaign limit under concurrency", () => {
  it("lets 20 simultaneous creates by a free owner make exactly one campaign", async () => {
    const owner = await createUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postCampaigns(owner.cookie, campaignForm({ title: `Race ${index}` }))),
    );
    const statuses = results.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
    expect(await countOf(owner.id)).toBe(1);
  });

  it("lets a Pro owner create them all", async () => {
    const owner = await createUser({ isPro: true });
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => postCampaigns(owner.cookie, campaignForm({ title: `Pro ${index}` }))));
    expect(results.map((answer) => answer.status)).toEqual(Array(8).fill(302));
    expect(await countOf(owner.id)).toBe(8);
  });
});
