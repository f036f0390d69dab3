// The dashboard's and the campaign cards' conversion (decision 313): unique visitors and converted
// visitors kept per campaign by the triggers of migration 0016, always equal to what
// `countConversion` counts from the rows, whoever writes or deletes scans and leads.
import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "~/db/rows.server";
import * as schema from "~/db/schema";
import { countConversion } from "~/features/analytics/analytics.server";
import { conversionOf, conversionRate } from "~/features/campaigns/campaigns";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { runRetentionJob } from "~/features/consent/retention.server";
import { eraseLead } from "~/features/leads/lead-rights.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { utcAt } from "../support/analytics-support";

async function kept(campaignId: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({
      unique: sql<number>`coalesce(sum(${schema.campaignVisitorTally.uniques}), 0)::int`,
      converted: sql<number>`coalesce(sum(${schema.campaignVisitorTally.converted}), 0)::int`,
    })
    .from(schema.campaignVisitorTally)
    .where(eq(schema.campaignVisitorTally.campaignId, campaignId));
  return { unique: row!.unique, converted: row!.converted };
}

/** The kept figures equal the rows' count; returns them. */
async function expectKeptEqualsRows(campaignId: string) {
  const { db } = await getServices();
  const { unique, converted } = await countConversion(db, campaignId);
  const figures = await kept(campaignId);
  expect(figures).toEqual({ unique, converted });
  return figures;
}

async function loadDashboard(cookie: string) {
  const { loader } = await import("~/routes/dashboard");
  return (await callRoute(loader, makeRequest("/dashboard", { cookie }))).data;
}

describe("the kept conversion", () => {
  it("follows scans, leads, repeat leads, leads without a scan, erasure, deletion and retention", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    await expectKeptEqualsRows(id);

    // a twice (the second not unique), b and c once, n a scan without a visitor hash.
    const [a1, a2, b1, , n1] = await createScanRows(id, [
      { at: utcAt(0, 9), visitor: "a" },
      { at: utcAt(0, 9.5), visitor: "a", isUnique: false },
      { at: utcAt(0, 10), visitor: "b" },
      { at: utcAt(0, 10.5), visitor: "c" },
      { at: utcAt(0, 11) },
    ]);
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 4, converted: 0 });

    // a leaves a lead from the later scan: a's unique scan converts.
    const { id: fromA2 } = await createLeadRow(id, { collectedAt: utcAt(0, 9.6), scanId: a2 });
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 4, converted: 1 });
    // a again, from the first scan: still one visitor.
    const { id: fromA1 } = await createLeadRow(id, { collectedAt: utcAt(0, 9.7), scanId: a1 });
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 4, converted: 1 });
    // A lead with no scan is nobody's visitor.
    const { id: noScan } = await createLeadRow(id, { collectedAt: utcAt(0, 12) });
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 4, converted: 1 });
    // The scan without a hash is its own visitor.
    const { id: fromN } = await createLeadRow(id, { collectedAt: utcAt(0, 11.1), scanId: n1 });
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 4, converted: 2 });
    // Two first loads of a at once both counted unique: the late one converts at once.
    await createScanRows(id, [{ at: utcAt(0, 9.01), visitor: "a" }]);
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 5, converted: 3 });
    // Yesterday's a is another visitor (the hash changes daily); two leads in one statement.
    const [y1, y2] = await createScanRows(id, [
      { at: utcAt(1, 9), visitor: "a-yesterday" },
      { at: utcAt(1, 9.2), visitor: "a-yesterday", isUnique: false },
    ]);
    await db.insert(schema.lead).values([
      { campaignId: id, name: "Y1", email: "y1@example.org", scanId: y1!, collectedAt: utcAt(1, 9.1) },
      { campaignId: id, name: "Y2", email: "y2@example.org", scanId: y2!, collectedAt: utcAt(1, 9.3) },
    ]);
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 4 });

    // The owner erases one of a's leads: a still has the other.
    expect(await eraseLead(db, { userId: owner.id, leadId: fromA2 })).toBe(true);
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 4 });
    // The last one goes (a plain delete, as the API's): a's two unique scans no longer convert.
    await db.delete(schema.lead).where(eq(schema.lead.id, fromA1));
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 2 });
    // A lead moved to another scan (b's): n's visitor loses its lead, b gains one.
    await db.update(schema.lead).set({ scanId: b1! }).where(eq(schema.lead.id, fromN));
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 2 });
    // A renamed lead changes nothing.
    await db
      .update(schema.lead)
      .set({ name: "Renamed" })
      .where(inArray(schema.lead.id, [fromN, noScan]));
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 2 });

    // Retention deletes yesterday's two leads (made old) and the scanless one.
    await db
      .insert(schema.businessIdentity)
      .values({ userId: owner.id, leadRetentionMonths: 1 })
      .onConflictDoUpdate({ target: schema.businessIdentity.userId, set: { leadRetentionMonths: 1 } });
    await db
      .update(schema.lead)
      .set({ collectedAt: new Date(Date.now() - 62 * 86_400_000) })
      .where(sql`${schema.lead.campaignId} = ${id} and ${schema.lead.id} <> ${fromN}`);
    expect(await runRetentionJob(db, { force: true })).toMatchObject({ leads: expect.any(Number) });
    expect(await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.campaignId, id))).toEqual([{ id: fromN }]);
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 6, converted: 1 });

    // A scan deleted directly (the app never does: scans go with their campaign).
    await db.delete(schema.scan).where(eq(schema.scan.campaignId, id));
    expect(await kept(id)).toEqual({ unique: 0, converted: 0 });
  });

  it("is backfilled by migration 0016 from the rows already there", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const [a1, , n1] = await createScanRows(id, [
      { at: utcAt(0, 9), visitor: "a" },
      { at: utcAt(0, 9.5), visitor: "a", isUnique: false },
      { at: utcAt(0, 10) },
      { at: utcAt(0, 10.5), visitor: "b" },
    ]);
    await createLeadRow(id, { collectedAt: utcAt(0, 9.1), scanId: a1 });
    await createLeadRow(id, { collectedAt: utcAt(0, 10.1), scanId: n1 });
    await createLeadRow(id, { collectedAt: utcAt(0, 11) });
    const rows = await countConversion(db, id);
    expect(rows).toMatchObject({ unique: 3, converted: 2 });

    // The migration's own backfill statements, run into empty temporary tables of the same names
    // (they come first on the search path), so that nobody else's figures are touched.
    const backfill = readFileSync("drizzle/0016_visitor_conversion_counts.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("INSERT INTO"));
    expect(backfill).toHaveLength(2);
    const figures = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table visitor_lead (like public.visitor_lead including all) on commit drop`);
      await tx.execute(sql`create temporary table campaign_visitor_tally (like public.campaign_visitor_tally including all) on commit drop`);
      for (const statement of backfill) await tx.execute(sql.raw(statement));
      return rowsOf<{ unique: number; converted: number }>(
        await tx.execute(
          sql`select uniques::int as "unique", converted::int as converted from pg_temp.campaign_visitor_tally where campaign_id = ${id}`,
        ),
      )[0];
    });
    expect(figures).toEqual({ unique: rows.unique, converted: rows.converted });
  });

  it("stays exact when leads of the same visitors arrive at once (each its own statement, several connections on PostgreSQL)", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const visitors = Array.from({ length: 20 }, (_, index) => `crowd-${index}`);
    const scans = await createScanRows(
      id,
      visitors.flatMap((visitor, index) => [
        { at: utcAt(0, 9 + index / 60), visitor },
        { at: utcAt(0, 9.5 + index / 60), visitor, isUnique: false },
      ]),
    );
    // Two leads per visitor, from its two scans, all sent together.
    await Promise.all(scans.map((scanId, index) => createLeadRow(id, { collectedAt: utcAt(0, 10 + index / 600), scanId })));
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 20, converted: 20 });
    // And taken away together.
    await Promise.all(scans.slice(0, 20).map((scanId) => db.delete(schema.lead).where(eq(schema.lead.scanId, scanId))));
    expect(await expectKeptEqualsRows(id)).toEqual({ unique: 20, converted: 10 });
  });

  it("writes to the row of the writing connection, never one row every scan and lead of a campaign must lock", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id);
    const shard = await db.transaction(async (tx) => {
      const [scan] = await tx
        .insert(schema.scan)
        .values({ campaignId: id, deviceType: "mobile", visitorHash: "v" })
        .returning({ id: schema.scan.id });
      await tx.insert(schema.lead).values({ campaignId: id, name: "V", email: "v@example.org", scanId: scan!.id });
      return rowsOf<{ shard: number }>(await tx.execute(sql`select (pg_backend_pid() % 32)::int as shard`))[0]!.shard;
    });
    const rows = await db
      .select({
        shard: schema.campaignVisitorTally.shard,
        uniques: schema.campaignVisitorTally.uniques,
        converted: schema.campaignVisitorTally.converted,
      })
      .from(schema.campaignVisitorTally)
      .where(eq(schema.campaignVisitorTally.campaignId, id));
    expect(rows).toEqual([{ shard, uniques: 1, converted: 1 }]);
  });

  it("shows five leads from five visitors as 100 % on the dashboard and the card", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id, { title: "Café", scanCount: 10 });
    // Five people, each loading the page twice (the second load not unique): ten scans.
    const scans = await createScanRows(
      id,
      ["p1", "p2", "p3", "p4", "p5"].flatMap((visitor, index) => [
        { at: utcAt(0, 9 + index), visitor },
        { at: utcAt(0, 9.2 + index), visitor, isUnique: false },
      ]),
    );
    for (let index = 0; index < 5; index++) await createLeadRow(id, { collectedAt: utcAt(0, 9.3 + index), scanId: scans[index * 2 + 1] });

    const data = await loadDashboard(owner.cookie);
    expect(data.stats).toMatchObject({ totalLeads: 5, totalScans: 10, conversionRate: 100 });
    const card = data.recentCampaigns.find((row: { id: string }) => row.id === id);
    expect(card).toMatchObject({ leads: 5, visitors: 5, converted: 5 });
    expect(conversionOf(card.converted, card.visitors)).toBe(100);
  });

  it("gives 50 % where leads ÷ scans would say otherwise", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id, { scanCount: 3 });
    // a scans twice and leaves a lead from each scan; b scans once and leaves none; one lead has no scan.
    const [a1, a2] = await createScanRows(id, [
      { at: utcAt(0, 9), visitor: "a" },
      { at: utcAt(0, 9.5), visitor: "a", isUnique: false },
      { at: utcAt(0, 10), visitor: "b" },
    ]);
    await createLeadRow(id, { collectedAt: utcAt(0, 9.1), scanId: a1 });
    await createLeadRow(id, { collectedAt: utcAt(0, 9.6), scanId: a2 });
    await createLeadRow(id, { collectedAt: utcAt(0, 11) });

    const data = await loadDashboard(owner.cookie);
    expect(conversionRate(data.stats.totalLeads, data.stats.totalScans)).toBe(100);
    expect(data.stats).toMatchObject({ totalLeads: 3, totalScans: 3, conversionRate: 50 });
    const [card] = await listCampaigns(db, { userId: owner.id });
    expect(card).toMatchObject({ scans: 3, leads: 3, visitors: 2, converted: 1 });
    expect(conversionOf(card!.converted, card!.visitors)).toBe(50);
    expect((await countConversion(db, id)).conversion).toBe(50);
  });
});
