// Scans partitioned by UTC month (docs/features/counting.md, "Partitions and retention"): months are
// made ahead, months past SCAN_RETENTION_MONTHS are dropped whole with the rest untouched, and an
// existing database migrates keeping every scan while loads keep being counted.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { listScanPartitions, monthStart, splitScanHistory } from "~/db/scan-partitions.server";
import * as schema from "~/db/schema";
import { runScanPartitionJob } from "~/features/scans/partition-job.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { adminQuery, databaseUrl } from "../setup/postgres";

const DAY = 86_400_000;

async function scanIds(db: Database, campaignId: string) {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`select id::text from scan where campaign_id = ${campaignId} order by id`));
  return rows.map((row) => row.id);
}

/** Covering partition of an instant, by name. */
function partitionOf(partitions: Awaited<ReturnType<typeof listScanPartitions>>, at: Date) {
  return partitions.find((partition) => (partition.from === null || partition.from <= at) && at < partition.to)?.name;
}

describe("month partitions", () => {
  it("exist for this month and the next two as soon as the app has started", async () => {
    const { db } = await getServices();
    const partitions = await listScanPartitions(db);
    const now = new Date();
    for (const months of [0, 1, 2]) expect(partitionOf(partitions, monthStart(now, months)), `month +${months}`).toBeDefined();
    // A load now is counted into its month's partition.
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const { database } = await getServices();
    await database.db.insert(schema.scan).values({ campaignId: campaign.id, deviceType: "mobile" });
    const [row] = rowsOf<{ partition: string }>(
      await db.execute(sql`select tableoid::regclass::text as partition from scan where campaign_id = ${campaign.id}`),
    );
    expect(row!.partition).toBe(partitionOf(partitions, new Date()));
  });

  it("past the retention are dropped whole; the months kept keep every row", async () => {
    const { db, database } = await getServices();
    const now = new Date();
    await splitScanHistory(db, monthStart(now, -16));
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    // One scan in the middle of each month from 16 months ago to this one.
    const moments = Array.from({ length: 17 }, (_, index) => new Date(monthStart(now, index - 16).getTime() + 10 * DAY));
    await db
      .insert(schema.scan)
      .values(moments.filter((at) => at < now).map((timestamp) => ({ campaignId: campaign.id, deviceType: "mobile" as const, timestamp })));
    const kept = rowsOf<{ id: string }>(
      await db.execute(sql`select id::text from scan where campaign_id = ${campaign.id} and timestamp >= ${monthStart(now, -13)} order by id`),
    ).map((row) => row.id);
    const tallyBefore = await db.select().from(schema.campaignVisitorTally).where(eq(schema.campaignVisitorTally.campaignId, campaign.id));

    const result = await runScanPartitionJob(db, { kind: database.kind, retentionMonths: 13, force: true });
    const expired = [16, 15, 14].map((back) => `scan_${monthStart(now, -back).toISOString().slice(0, 7).replace("-", "")}`);
    expect(result!.dropped).toEqual(expect.arrayContaining(expired));
    const partitions = await listScanPartitions(db);
    for (const name of expired) expect(partitions.map((partition) => partition.name)).not.toContain(name);
    expect(partitions.every((partition) => partition.to > monthStart(now, -13))).toBe(true);

    expect(await scanIds(db, campaign.id)).toEqual(kept);
    expect(kept).toHaveLength(13 + (moments.at(-1)! < now ? 1 : 0));
    // Dropped, not deleted: the delete trigger did not run, the counted figures stay.
    expect(await db.select().from(schema.campaignVisitorTally).where(eq(schema.campaignVisitorTally.campaignId, campaign.id))).toEqual(tallyBefore);
    // Run again within the hour: not due.
    expect(await runScanPartitionJob(db, { kind: database.kind, retentionMonths: 13 })).toBeNull();
  });
});

/** The migrations folder up to (not including) scan_partitions: a database as it was before. */
function migrationsBeforePartitions() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-migrations-"));
  fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_scan_partitions"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// MIGRATION_SCANS=1000000 measures a bigger table (docs/features/counting.md gives the figures).
const OLD_SCANS = Number(process.env.MIGRATION_SCANS ?? 30_000);
const FILL = `
  insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('old-owner', 'Old', 'old@example.com', true, now(), now());
  insert into campaign (id, user_id, title, business_type, discount, min_order, ai_headline, ai_thankyou, design)
    values ('00000000-0000-4000-8000-000000000001', 'old-owner', 'Old', 'Cafe', '10%', 'Any', 'Hi', 'Thanks', '{}');
  insert into scan (campaign_id, timestamp, device_type, visitor_hash, is_unique)
    select '00000000-0000-4000-8000-000000000001', now() - g * (interval '1 minute' * 750000 / ${OLD_SCANS}), 'mobile', md5(g::text), g % 3 <> 0
    from generate_series(1, ${OLD_SCANS}) g;
  insert into lead (campaign_id, scan_id, name, email)
    select campaign_id, id, 'Ann', 'ann' || row_number() over () || '@example.com' from scan limit 20;`;
const OLD_CAMPAIGN = "00000000-0000-4000-8000-000000000001";

async function expectMigrated(db: Database, before: string[], during: string[]) {
  const after = await scanIds(db, OLD_CAMPAIGN);
  expect(after).toHaveLength(before.length + during.length);
  expect(new Set(after)).toEqual(new Set([...before, ...during]));
  const partitions = await listScanPartitions(db);
  expect(partitions.find((partition) => partition.from === null)?.name).toBe("scan_history");
  // A new load is counted, by the triggers too.
  const [tally] = rowsOf<{ uniques: number }>(
    await db.execute(sql`select coalesce(sum(uniques), 0)::int as uniques from campaign_visitor_tally where campaign_id = ${OLD_CAMPAIGN}`),
  );
  await db.execute(sql`insert into scan (campaign_id, device_type) values (${OLD_CAMPAIGN}, 'mobile')`);
  const [again] = rowsOf<{ uniques: number }>(
    await db.execute(sql`select coalesce(sum(uniques), 0)::int as uniques from campaign_visitor_tally where campaign_id = ${OLD_CAMPAIGN}`),
  );
  expect(again!.uniques).toBe(tally!.uniques + 1);
  // Leads keep their scan ids, and one lead per scan still holds.
  const [lead] = rowsOf<{ scan_id: string }>(await db.execute(sql`select scan_id::text from lead where campaign_id = ${OLD_CAMPAIGN} limit 1`));
  await expect(
    db.execute(sql`insert into lead (campaign_id, scan_id, name, email) values (${OLD_CAMPAIGN}, ${lead!.scan_id}, 'B', 'b@example.com')`),
  ).rejects.toThrow();
}

describe("an existing database", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "migrates on PostgreSQL keeping every scan while loads keep being counted",
    { timeout: 120_000 },
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `leadqr_test_old_${crypto.randomBytes(5).toString("hex")}`;
      await adminQuery(serverUrl, `create database ${name}`);
      const url = databaseUrl(serverUrl, name);
      const { default: pg } = await import("pg");
      const { drizzle } = await import("drizzle-orm/node-postgres");
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      // The previous version: its schema, its scans, and a process of it still capturing.
      const writer = new pg.Pool({ connectionString: url, max: 2 });
      // The drop at the end may terminate a connection the pool is still closing (57P01): expected.
      writer.on("error", () => {});
      try {
        await migrate(drizzle({ client: writer }), { migrationsFolder: migrationsBeforePartitions() });
        await writer.query(FILL);
        const before = (await writer.query<{ id: string }>(`select id::text from scan`)).rows.map((row) => row.id);
        const during: string[] = [];
        const slowest = { ms: 0 };
        let migrating = true;
        const capture = (async () => {
          while (migrating) {
            const started = performance.now();
            const { rows } = await writer.query<{ id: string }>(
              `insert into scan (campaign_id, device_type, visitor_hash) values ($1, 'mobile', md5(random()::text)) returning id::text`,
              [OLD_CAMPAIGN],
            );
            slowest.ms = Math.max(slowest.ms, performance.now() - started);
            during.push(rows[0]!.id);
          }
        })();
        const handle = await openDatabase({ databaseUrl: url, dataDir: process.env.DATA_DIR! });
        migrating = false;
        await capture;
        try {
          expect(during.length).toBeGreaterThan(0);
          console.info(`migration of ${OLD_SCANS} scans: ${during.length} loads counted during it, the slowest in ${Math.round(slowest.ms)} ms`);
          await expectMigrated(handle.db, before, during);
        } finally {
          await handle.close();
        }
      } finally {
        await writer.end();
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      }
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)("migrates on PGlite keeping every scan", { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-old-"));
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const old = new PGlite({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
      await migrate(drizzle({ client: old }), { migrationsFolder: migrationsBeforePartitions() });
      await old.exec(FILL);
      const before = (await old.query<{ id: string }>(`select id::text from scan`)).rows.map((row) => row.id);
      await old.close();
      const handle = await openDatabase({ dataDir });
      try {
        await expectMigrated(handle.db, before, []);
      } finally {
        await handle.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
