import { describe, expect, it } from "vitest";
import * as adminDashboard from "~/routes/admin";
import * as adminCampaigns from "~/routes/admin.campaigns";
import * as adminLeads from "~/routes/admin.leads";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { uniqueEmail } from "../support/row-factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPost, insertSubscription } from "../support/admin-support";

const ADA = { name: "Ada Lovelace", email: "ada@example.org" };

describe("/admin", () => {
  it("counts users, campaigns, leads, posts and subscriptions, and what is new this week", async () => {
    const admin = await createUser({ role: "admin" });
    const stats = async () => (await callRoute(adminDashboard.loader, makeRequest("/admin", { cookie: admin.cookie }))).data.stats;
    const before = await stats();
    const owner = await createUser();
    const recent = await createCampaignRow(owner.id);
    await createCampaignRow(owner.id, { createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) });
    await createLeadRow(recent.id, ADA);
    await insertPost({ title: "Counted" });
    await insertSubscription(owner.id);
    const after = await stats();
    expect(after).toEqual({
      users: before.users + 1,
      newUsers: before.newUsers + 1,
      campaigns: before.campaigns + 2,
      newCampaigns: before.newCampaigns + 1,
      leads: before.leads + 1,
      blogPosts: before.blogPosts + 1,
      subscriptions: before.subscriptions + 1,
    });
  });
});

describe("/admin/campaigns and /admin/leads", () => {
  it("list everyone's campaigns with owner and counts, searchable by title or owner email", async () => {
    const admin = await createUser({ role: "admin" });
    const tag = `camp${Date.now()}`;
    const alice = await createUser({ email: uniqueEmail(`${tag}-alice`) });
    const bob = await createUser();
    const mine = await createCampaignRow(alice.id, { title: "Alice's bakery deal", scanCount: 4 });
    await createLeadRow(mine.id, ADA);
    await createLeadRow(mine.id, ADA);
    await createCampaignRow(bob.id, { title: `Bob ${tag} salon` });
    const search = async (q: string) =>
      (await callRoute(adminCampaigns.loader, makeRequest(`/admin/campaigns?q=${encodeURIComponent(q)}`, { cookie: admin.cookie }))).data.campaigns;
    expect(await search(tag)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Alice's bakery deal", ownerEmail: alice.email, scans: 4, leads: 2 }),
        expect.objectContaining({ title: `Bob ${tag} salon`, ownerEmail: bob.email, leads: 0 }),
      ]),
    );
    expect((await search(`${tag}-alice`)).map((row: { title: string }) => row.title)).toEqual(["Alice's bakery deal"]);
  });

  it("list everyone's leads unmasked, searchable by name or email, in pages", async () => {
    const admin = await createUser({ role: "admin" });
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Gym launch" });
    const tag = `lead${Date.now()}`;
    await createLeadRow(campaign.id, { name: `Grace ${tag}`, email: "grace@example.org", phone: "555-0199" });
    for (let i = 0; i < 26; i++) await createLeadRow(campaign.id, { name: `Bulk ${i}`, email: `${tag}-${i}@example.org` });
    const search = async (query: string) => (await callRoute(adminLeads.loader, makeRequest(`/admin/leads?${query}`, { cookie: admin.cookie }))).data;
    expect((await search(`q=grace ${tag}`)).leads).toEqual([
      expect.objectContaining({
        name: `Grace ${tag}`,
        email: "grace@example.org",
        phone: "555-0199",
        campaignTitle: "Gym launch",
        ownerEmail: owner.email,
      }),
    ]);
    const page1 = await search(`q=${tag}-`);
    expect(page1.total).toBe(26);
    expect(page1.leads).toHaveLength(25);
    expect((await search(`q=${tag}-&page=2`)).leads).toHaveLength(1);
  });
});
