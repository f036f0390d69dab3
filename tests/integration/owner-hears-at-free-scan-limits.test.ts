// Issue 26 item 6: the owner of a free campaign gets one email at 80 % of the free scans and one at
// the limit, never more, even when a crowd scans at once (decision 196); the dashboard says so.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as capture from "~/routes/capture";
import * as dashboard from "~/routes/dashboard";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { useMailbox } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

async function scan(campaignId: string, address: string) {
  const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address };
  return (await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId })).data;
}

const mailbox = useMailbox();

/** The scan notices that reached `to` through the real SMTP server (other mail, e.g. the welcome, aside). */
async function noticesTo(to: string) {
  return (await mailbox.deliveredTo(to)).filter((mail) => /free scans$/.test(mail.subject));
}

describe("the owner hears at 80 % and at the limit of the free scans", () => {
  it("scans one by one: nothing at 3, one email at 4, one at 5, nothing after; the dashboard shows the banner", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Corner Bakery" });
    const dashboardBanner = async () =>
      (await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: owner.cookie }), {})).data.nearScanLimit;

    for (let i = 1; i <= 3; i++) await scan(campaign.id, `198.51.100.${i}`);
    expect(await noticesTo(owner.email)).toEqual([]);
    expect(await dashboardBanner()).toEqual([]);

    await scan(campaign.id, "198.51.100.4");
    const near = await noticesTo(owner.email);
    expect(near.map((mail) => mail.subject)).toEqual(["Corner Bakery has used 4 of its 5 free scans"]);
    expect(near[0]!.html).toContain('href="http://localhost:3000/pricing"');
    expect(near[0]!.text).toContain("After 1 more scan, visitors will see an upgrade message instead of your offer.");
    expect(await dashboardBanner()).toEqual([{ id: campaign.id, title: "Corner Bakery", scans: 4, limit: 5 }]);

    await scan(campaign.id, "198.51.100.5");
    for (let i = 6; i <= 9; i++) await scan(campaign.id, `198.51.100.${i}`);
    const all = await noticesTo(owner.email);
    expect(all.map((mail) => mail.subject)).toEqual(["Corner Bakery has used 4 of its 5 free scans", "Corner Bakery has reached its 5 free scans"]);
    expect(all[1]!.text).toContain("Upgrade to Pro for unlimited scans: http://localhost:3000/pricing");
    expect(await dashboardBanner()).toEqual([{ id: campaign.id, title: "Corner Bakery", scans: 5, limit: 5 }]);
  });

  it("a crowd of 30 concurrent scans queues exactly the two notices", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Crowded Cafe" });
    await Promise.all(Array.from({ length: 30 }, (_, i) => scan(campaign.id, `198.18.40.${i}`)));
    const queued = await db
      .select({ kind: schema.emailOutbox.kind, to: schema.emailOutbox.to })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.campaignId, campaign.id));
    expect(queued.map((row) => row.kind).sort()).toEqual(["scan_limit_near", "scan_limit_reached"]);
    expect(queued.every((row) => row.to === owner.email)).toBe(true);
    const [row] = await db
      .select({ level: schema.campaign.scanNoticeLevel, scans: schema.campaign.scanCount })
      .from(schema.campaign)
      .where(eq(schema.campaign.id, campaign.id));
    expect(row).toEqual({ level: 2, scans: 5 });
  });

  it("a Pro owner's campaign is never limited and never warned; its dashboard has no banner", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Pro Pastry" });
    for (let i = 1; i <= 6; i++) await scan(campaign.id, `198.51.101.${i}`);
    const queued = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.campaignId, campaign.id));
    expect(queued).toEqual([]);
    const data = (await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: owner.cookie }), {})).data;
    expect(data.nearScanLimit).toEqual([]);
  });
});
