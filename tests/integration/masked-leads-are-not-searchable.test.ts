// A free owner's masked leads leave the server masked; a search must not reveal them either,
// neither by the rows it returns nor by its counts (issue 11, finding 2).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function freeOwnerWithSevenLeads() {
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Bakery" });
  const leads = Array.from({ length: 7 }, (_, index) => ({
    name: `Visible${index} Person`,
    email: `visible${index}@shown.example`,
    phone: `+1 555 020 ${1000 + index}`,
    collectedAt: minutesAgo(100 - index),
  }));
  leads[6] = { name: "Harriet Hidden", email: "harriet.secret@hidden.example", phone: "+1 555 099 4242", collectedAt: minutesAgo(1) };
  for (const lead of leads) await createLeadRow(campaign.id, lead);
  const { db } = await getServices();
  await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
  return { owner, campaign, leads };
}

type View = { leads: Array<{ name: string; email: string; isMasked: boolean }>; matching: number; hidden: number; page: number; pageCount: number };

const view = async (cookie: string, search: string) => {
  const { loader } = await import("~/routes/leads");
  const data = (await callRoute<View>(loader, makeRequest(`/leads${search}`, { cookie }))).data;
  return { leads: data.leads, matching: data.matching, hidden: data.hidden, page: data.page, pageCount: data.pageCount };
};

const csv = async (cookie: string, search: string) => {
  const { loader } = await import("~/routes/leads-export");
  return (await callRoute(loader, makeRequest(`/leads/export.csv${search}`, { cookie }))).response!.text();
};

describe("search on a free owner's leads", () => {
  it("answers for a masked lead's email exactly as for a random string", async () => {
    const { owner } = await freeOwnerWithSevenLeads();
    const random = await view(owner.cookie, `?q=${crypto.randomUUID()}`);
    expect(random).toMatchObject({ leads: [], matching: 0, hidden: 0 });
    for (const probe of ["harriet.secret@hidden.example", "harriet", "hidden.example", "4242", "Harriet Hidden", "h"]) {
      const answer = await view(owner.cookie, `?q=${encodeURIComponent(probe)}`);
      expect(
        answer.leads.every((lead) => !lead.isMasked),
        probe,
      ).toBe(true);
      expect(answer.hidden, probe).toBe(0);
      if (probe !== "h") expect(answer, probe).toEqual(random);
    }
    // Prefix probing, the attack that recovered an address character by character, learns nothing.
    const before = await view(owner.cookie, "?q=harriet.secret%40");
    const after = await view(owner.cookie, "?q=harriet.secret%40x");
    expect(before).toEqual(after);
  });

  it("still finds the leads the owner can read, and counts only those", async () => {
    const { owner, campaign } = await freeOwnerWithSevenLeads();
    const found = await view(owner.cookie, "?q=shown.example");
    // Five visible leads match; the sixth Visible lead is masked and so not matched.
    expect(found.matching).toBe(5);
    expect(found.leads.map((lead) => lead.email).sort()).toEqual([0, 1, 2, 3, 4].map((index) => `visible${index}@shown.example`));
    expect(found.hidden).toBe(0);
    const inCampaign = await view(owner.cookie, `?q=visible&campaign=${campaign.id}`);
    expect(inCampaign.matching).toBe(5);
    // Without a search the masked rows are listed, masked, as before.
    const all = await view(owner.cookie, "");
    expect(all.matching).toBe(7);
    expect(all.hidden).toBe(2);
  });

  it("leaves the CSV export unchanged by a search for a masked value", async () => {
    const { owner } = await freeOwnerWithSevenLeads();
    const random = await csv(owner.cookie, `?q=${crypto.randomUUID()}`);
    expect(await csv(owner.cookie, "?q=harriet")).toBe(random);
  });

  it("matches masked leads once the owner is Pro", async () => {
    const { owner } = await freeOwnerWithSevenLeads();
    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: true }).where(eq(schema.user.id, owner.id));
    const answer = await view(owner.cookie, "?q=harriet");
    expect(answer.leads.map((lead) => lead.email)).toEqual(["harriet.secret@hidden.example"]);
  });
});
