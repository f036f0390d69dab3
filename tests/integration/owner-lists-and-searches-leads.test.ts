import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { campaignLeads } from "~/features/scans/scan-count.server";
import { claimantKeyOf } from "~/features/redeem/offer-codes.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";

const loadLeads = async (cookie: string, search = "", timeZone = "UTC") => {
  const { loader } = await import("~/routes/leads");
  return callRoute(loader, makeRequest(`/leads${search}`, { cookie: `${cookie}; tz=${encodeURIComponent(timeZone)}` }));
};

type Row = { name: string; email: string; phone: string | null; campaign: string; isMasked: boolean };
const names = (data: { leads: Row[] }) => data.leads.map((lead) => lead.name);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("leads screen", () => {
  it("sends signed-out visitors to /signin", async () => {
    expectRedirect(await loadLeads(""), "/signin");
  });

  it("lists only the owner's leads, newest first, with campaign and cards", async () => {
    const owner = await createUser({ isPro: true });
    const cafe = await createCampaignRow(owner.id, { title: "Cafe" });
    const salon = await createCampaignRow(owner.id, { title: "Salon" });
    await createLeadRow(cafe.id, { name: "Ann", email: "ann@a.io", phone: "+1 555 000 1111", collectedAt: minutesAgo(30) });
    // Ben is collected now, so "today" holds at any hour (ten minutes ago fell on yesterday just after midnight).
    await createLeadRow(salon.id, { name: "Ben", email: "ben@b.io", collectedAt: new Date() });
    await createLeadRow(cafe.id, { name: "Cat", email: "cat@c.io", collectedAt: minutesAgo(60 * 24 * 3) });
    await createLeadRow(cafe.id, { name: "Dan", email: "dan@d.io", collectedAt: minutesAgo(60 * 24 * 10) });
    const stranger = await createUser();
    const theirs = await createCampaignRow(stranger.id, { title: "Theirs" });
    await createLeadRow(theirs.id, { name: "Eve", email: "eve@e.io" });

    const data = (await loadLeads(owner.cookie)).data;
    expect(names(data)).toEqual(["Ben", "Ann", "Cat", "Dan"]);
    expect(data.leads[1]).toMatchObject({ email: "ann@a.io", phone: "+1 555 000 1111", campaign: "Cafe", isMasked: false });
    expect(data.matching).toBe(4);
    expect(data.stats.total).toBe(4);
    expect(data.stats.thisWeek).toBe(3);
    expect(data.stats.today).toBeGreaterThanOrEqual(1);
    expect(data.campaigns.map((row: { title: string }) => row.title)).toEqual(["Cafe", "Salon"]);
    expect(JSON.stringify(data)).not.toContain("Eve");
  });

  it("counts Today by the owner's calendar day", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    await createLeadRow(id, { name: "Now", email: "now@x.io" });
    await createLeadRow(id, { name: "Two days", email: "two@x.io", collectedAt: minutesAgo(60 * 48) });
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
      const data = (await loadLeads(owner.cookie, "", zone)).data;
      expect(data.stats).toEqual({ total: 2, thisWeek: 2, today: 1 });
    }
  });

  it("searches name, email and phone case-insensitively, with wildcards taken literally", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    await createLeadRow(id, { name: "Zoë Martin", email: "zoe@example.com", phone: "+44 20 7946 0958", collectedAt: minutesAgo(3) });
    await createLeadRow(id, { name: "Max 100% Power", email: "max@shop.io", collectedAt: minutesAgo(2) });
    await createLeadRow(id, { name: "Maxwell", email: "m_x@shop.io", collectedAt: minutesAgo(1) });

    expect(names((await loadLeads(owner.cookie, "?q=ZOË")).data)).toEqual(["Zoë Martin"]);
    expect(names((await loadLeads(owner.cookie, "?q=SHOP.IO")).data)).toEqual(["Maxwell", "Max 100% Power"]);
    expect(names((await loadLeads(owner.cookie, "?q=7946")).data)).toEqual(["Zoë Martin"]);
    expect(names((await loadLeads(owner.cookie, "?q=100%25")).data)).toEqual(["Max 100% Power"]);
    expect(names((await loadLeads(owner.cookie, "?q=m_x")).data)).toEqual(["Maxwell"]);
    expect(names((await loadLeads(owner.cookie, "?q=%25")).data)).toEqual(["Max 100% Power"]);
    const none = (await loadLeads(owner.cookie, "?q=nobody")).data;
    expect(none).toMatchObject({ leads: [], matching: 0, stats: { total: 3 } });
  });

  it("filters by campaign; another owner's or a malformed campaign id never fails or leaks", async () => {
    const owner = await createUser({ isPro: true });
    const a = await createCampaignRow(owner.id, { title: "A" });
    const b = await createCampaignRow(owner.id, { title: "B" });
    await createLeadRow(a.id, { name: "InA", email: "a@x.io" });
    await createLeadRow(b.id, { name: "InB", email: "b@x.io" });
    const stranger = await createUser();
    const theirs = await createCampaignRow(stranger.id);
    await createLeadRow(theirs.id, { name: "Theirs", email: "t@x.io" });

    expect(names((await loadLeads(owner.cookie, `?campaign=${b.id}`)).data)).toEqual(["InB"]);
    expect((await loadLeads(owner.cookie, `?campaign=${b.id}&q=ina`)).data.leads).toEqual([]);
    expect((await loadLeads(owner.cookie, `?campaign=${theirs.id}`)).data).toMatchObject({ leads: [], matching: 0 });
    for (const bad of ["?campaign=not-a-uuid", "?page=-3", "?page=abc", "?campaign=1&campaign=2", `?q=${"x".repeat(5000)}`, "?q=%F0%9F%98%80"]) {
      const result = await loadLeads(owner.cookie, bad);
      expect(result.status, bad).toBe(200);
    }
    expect(names((await loadLeads(owner.cookie, "?campaign=not-a-uuid")).data).sort()).toEqual(["InA", "InB"]);
  });

  it("pages through 120 leads, 50 at a time", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const { db } = await getServices();
    await db.insert(schema.lead).values(
      Array.from({ length: 120 }, (_, index) => ({
        campaignId: id,
        name: `Lead ${String(index).padStart(3, "0")}`,
        email: `lead${index}@x.io`,
        collectedAt: minutesAgo(1000 - index),
      })),
    );
    const first = (await loadLeads(owner.cookie)).data;
    expect(first).toMatchObject({ page: 1, pageCount: 3, matching: 120 });
    expect(first.leads).toHaveLength(50);
    expect(first.leads[0].name).toBe("Lead 119");
    const last = (await loadLeads(owner.cookie, "?page=3")).data;
    expect(names(last)).toEqual(Array.from({ length: 20 }, (_, index) => `Lead ${String(19 - index).padStart(3, "0")}`));
    expect((await loadLeads(owner.cookie, "?page=999")).data.page).toBe(3);
    const filtered = (await loadLeads(owner.cookie, "?q=lead 11&page=1")).data;
    expect(filtered).toMatchObject({ matching: 10, pageCount: 1 });
  });
});

describe("counts and searches at scale (decision 176)", () => {
  it("keeps each campaign's lead count through inserts, deletes, moves and cascades", async () => {
    const owner = await createUser({ isPro: true });
    const a = await createCampaignRow(owner.id, { title: "A" });
    const b = await createCampaignRow(owner.id, { title: "B" });
    const { db } = await getServices();
    const countOf = async (campaignId: string) =>
      (await db.select({ kept: campaignLeads }).from(schema.campaign).where(eq(schema.campaign.id, campaignId)))[0]?.kept;
    const [first] = await db
      .insert(schema.lead)
      .values([
        { campaignId: a.id, name: "One", email: "one@x.io" },
        { campaignId: a.id, name: "Two", email: "two@x.io" },
        { campaignId: b.id, name: "Three", email: "three@x.io" },
      ])
      .returning({ id: schema.lead.id });
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([2, 1]);
    await db.update(schema.lead).set({ campaignId: b.id }).where(eq(schema.lead.id, first!.id));
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 2]);
    await db.update(schema.lead).set({ name: "Renamed" }).where(eq(schema.lead.campaignId, b.id));
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 2]);
    await db.delete(schema.lead).where(eq(schema.lead.campaignId, b.id));
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 0]);
    expect((await loadLeads(owner.cookie)).data.stats.total).toBe(1);
    expect((await loadLeads(owner.cookie, `?campaign=${a.id}`)).data.matching).toBe(1);
  });

  it("stores each lead's claimant key as the app computes it, and keeps it when the email changes", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const { db } = await getServices();
    const keyOf = async (leadId: string) =>
      (await db.select({ key: schema.lead.claimantKey }).from(schema.lead).where(eq(schema.lead.id, leadId)))[0]?.key;
    const stored = await createLeadRow(id, { name: "Zoë", email: "  Zoë.Martin@Example.COM " });
    expect(await keyOf(stored.id)).toBe(claimantKeyOf(id, "zoë.martin@example.com"));
    await db.update(schema.lead).set({ email: "other@example.com" }).where(eq(schema.lead.id, stored.id));
    expect(await keyOf(stored.id)).toBe(claimantKeyOf(id, "other@example.com"));
  });

  it("never matches a term across name, email and phone", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    await createLeadRow(id, { name: "Ann", email: "bob@x.io", phone: "555" });
    expect(names((await loadLeads(owner.cookie, "?q=annbob")).data)).toEqual([]);
    expect(names((await loadLeads(owner.cookie, "?q=ann%01bob")).data)).toEqual([]);
    expect(names((await loadLeads(owner.cookie, "?q=x.io")).data)).toEqual(["Ann"]);
  });

  it("counts a broad search up to 10,000 and says there are more, yet every page stays reachable", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const { db } = await getServices();
    await db.execute(sql`
      insert into lead (campaign_id, name, email, collected_at)
      select ${id}, 'Ava ' || n, 'ava' || n || '@x.io', now() - n * interval '1 second'
      from generate_series(1, 10050) n`);
    const first = (await loadLeads(owner.cookie, "?q=ava")).data;
    expect(first).toMatchObject({ matching: 10_000, moreMatching: true, pageCount: 200, page: 1 });
    expect(first.leads[0].name).toBe("Ava 1");
    const last = (await loadLeads(owner.cookie, "?q=ava&page=201")).data;
    expect(last).toMatchObject({ matching: 10_050, moreMatching: false, pageCount: 201, page: 201 });
    expect(last.leads).toHaveLength(50);
    expect(last.leads.at(-1).name).toBe("Ava 10050");
    const narrow = (await loadLeads(owner.cookie, "?q=ava1005")).data;
    expect(narrow).toMatchObject({ matching: 2, moreMatching: false });
    expect((await loadLeads(owner.cookie)).data.stats.total).toBe(10_050);
  });
});

describe("masking (DESIGN decision 5)", () => {
  async function ownerWithEightLeads() {
    const owner = await createUser({ isPro: true });
    const first = await createCampaignRow(owner.id, { title: "First" });
    const second = await createCampaignRow(owner.id, { title: "Second" });
    const leads = Array.from({ length: 8 }, (_, index) => ({
      name: `Person${index} Secret`,
      email: `person${index}.hidden@domain${index}.com`,
      phone: `+1 555 010 ${String(1000 + index)}`,
      collectedAt: minutesAgo(100 - index),
    }));
    // Oldest first across both campaigns: 0, 2, 4, 6 in First and 1, 3, 5, 7 in Second.
    for (const [index, lead] of leads.entries()) await createLeadRow((index % 2 ? second : first).id, lead);
    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    return { owner, leads, first, second };
  }

  it("masks a free owner's leads beyond the first 5, oldest first, in the page data", async () => {
    const { owner, leads } = await ownerWithEightLeads();
    const data = (await loadLeads(owner.cookie)).data;
    expect(data.leads.map((lead: Row) => lead.isMasked)).toEqual([true, true, true, false, false, false, false, false]);
    expect(data.leads[0]).toMatchObject({ name: "P***", email: "p***@***.com", phone: "***-***-1007" });
    const serialized = JSON.stringify(data);
    for (const hidden of leads.slice(5)) {
      expect(serialized).not.toContain(hidden.name);
      expect(serialized).not.toContain(hidden.email);
      expect(serialized).not.toContain(hidden.phone);
      expect(serialized).not.toContain("hidden@domain" + hidden.email.slice(-5, -4));
    }
    for (const visible of leads.slice(0, 5)) expect(serialized).toContain(visible.email);
    expect(data.isPro).toBe(false);
    expect(data.hidden).toBe(3);
  });

  it("counts the visible five over all campaigns, whatever the filter", async () => {
    const { owner, second } = await ownerWithEightLeads();
    const data = (await loadLeads(owner.cookie, `?campaign=${second.id}`)).data;
    // Second holds leads 1, 3, 5, 7: 1 and 3 are among the owner's first five.
    expect(data.leads.map((lead: Row) => [lead.name, lead.isMasked])).toEqual([
      ["P***", true],
      ["P***", true],
      ["Person3 Secret", false],
      ["Person1 Secret", false],
    ]);
    expect(data.hidden).toBe(2);
  });

  it("unmasks everything once the owner is Pro again; nothing was deleted", async () => {
    const { owner, leads } = await ownerWithEightLeads();
    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: true }).where(eq(schema.user.id, owner.id));
    const data = (await loadLeads(owner.cookie)).data;
    expect(data.leads.map((lead: Row) => lead.email)).toEqual(leads.map((lead) => lead.email).reverse());
    expect(data.leads.every((lead: Row) => !lead.isMasked)).toBe(true);
    expect(data.hidden).toBe(0);
  });
});
