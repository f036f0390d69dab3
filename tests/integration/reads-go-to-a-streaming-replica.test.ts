// With DATABASE_REPLICA_URL, dashboards, analytics, CSV exports and API reads come from a streaming replica,
// a browser or API key that has just written reads from the primary, a stopped replica is bypassed without
// an error page, and /metrics shows the lag (docs/operations.md, "Read replica"). A second
// PostgreSQL started from a pg_basebackup of the first: PostgreSQL suite only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReplica } from "~/db/replica.server";
import { rowsOf } from "~/db/rows.server";
import { createApiKey } from "~/features/integrations/api-keys.server";
import * as campaignRoute from "~/routes/campaign-detail";
import * as dashboardRoute from "~/routes/dashboard";
import * as exportRoute from "~/routes/leads-export";
import { answerMetrics } from "~/utils/metrics.server";
import { OWN_WRITE_COOKIE } from "~/utils/reader.server";
import { getServices, shutdownServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { api } from "../support/api-support";
import { startEdge } from "../support/edge-support";
import { callRoute, makeRequest } from "../support/http";
import { startStreamingReplica, type StreamingReplica } from "../support/streaming-replica";

const TOKEN = "metrics-token-0123456789";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("reads on a streaming replica (PostgreSQL only: PGlite has no streaming replication)", () => {
  let cluster: StreamingReplica | undefined;
  let owner: { id: string; cookie: string };
  let campaignId: string;

  beforeAll(async () => {
    cluster = await startStreamingReplica();
    process.env.DATABASE_URL = cluster.primaryUrl;
    process.env.DATABASE_REPLICA_URL = cluster.replicaUrl;
    await getServices();
    owner = await createUser({ isPro: true });
    ({ id: campaignId } = await createCampaignRow(owner.id, { title: "Replicated" }));
    await createLeadRow(campaignId, { name: "First Lead", email: "first@x.io" });
    await replayed("select count(*) from lead", "1");
  }, 180_000);

  afterAll(async () => {
    await shutdownServices();
    cluster?.remove();
  });

  /** Waits until the replica answers `expected` (replay is asynchronous: the table may not be there yet either). */
  async function replayed(sql: string, expected: string) {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (answerOrError(() => cluster!.onReplica(sql)) === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the replica never answered ${expected} to ${sql}`);
  }

  const replica = async () => (await getServices()).database.replica!;
  const dashboard = (cookie: string) => callRoute(dashboardRoute.loader, makeRequest("/dashboard", { cookie }));
  const analytics = async (cookie: string) =>
    (await callRoute(campaignRoute.loader, makeRequest(`/campaigns/${campaignId}`, { cookie }), { campaignId })).data.analytics.totals;
  const csv = async (cookie: string) => (await callRoute(exportRoute.loader, makeRequest("/leads/export.csv", { cookie }))).response!.text();
  const metric = async (name: string) => {
    const answer = await answerMetrics(`Bearer ${TOKEN}`, TOKEN);
    expect(answer.status).toBe(200);
    return new RegExp(`^${name} (\\S+)$`, "m").exec(answer.body)?.[1];
  };

  it("counts an idle, caught-up replica as 0 s behind and serves readers from it", async () => {
    // Idle: the last replayed transaction gets older, yet nothing is left to replay.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await (await replica()).check();
    expect((await replica()).status()).toMatchObject({ inUse: true, reachable: true, lagSeconds: 0 });
    expect(await metric("leadqr_replica_lag_seconds")).toBe("0");
    expect(await metric("leadqr_replica_in_use")).toBe("1");
  });

  it("stamps a browser's write, as its answer leaves the server, for the reads after it", async () => {
    const someone = await createUser();
    const edge = await startEdge();
    try {
      const before = Date.now();
      const origin = { origin: "http://localhost:3000", cookie: someone.cookie, "content-type": "application/x-www-form-urlencoded" };
      const posted = await edge.send("localhost:3000", "/signout", { method: "POST", headers: origin, body: "" });
      expect(posted.status).toBe(302);
      const cookies = posted.headers["set-cookie"] ?? [];
      const stamp = cookies.map((cookie) => new RegExp(`^${OWN_WRITE_COOKIE}=(\\d+);`).exec(cookie)?.[1]).find(Boolean);
      expect(Number(stamp)).toBeGreaterThanOrEqual(before);
      expect(Number(stamp)).toBeLessThanOrEqual(Date.now());
      // The sign-out's own cookies still go out beside it.
      expect(cookies.length).toBeGreaterThan(1);
      const read = await edge.send("localhost:3000", "/pricing");
      expect(read.status).toBe(200);
      expect(read.headers["set-cookie"] ?? []).not.toContainEqual(expect.stringContaining(OWN_WRITE_COOKIE));
    } finally {
      await edge.close();
    }
  }, 60_000);

  it("shows the replica's figures on the dashboard, the campaign's analytics and the CSV export, and the primary's right after the owner's own write", async () => {
    cluster!.onReplica("select pg_wal_replay_pause()");
    await createLeadRow(campaignId, { name: "Second Lead", email: "second@x.io" });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await (await replica()).check();

    // The replica has not replayed the second lead: a page that shows one lead was read there.
    const fromReplica = await dashboard(owner.cookie);
    expect(fromReplica.status).toBe(200);
    expect(fromReplica.data).toMatchObject({ loadFailed: false, stats: { totalLeads: 1 } });
    expect(await analytics(owner.cookie)).toMatchObject({ leads: 1 });
    const exported = await csv(owner.cookie);
    expect(exported).toContain("First Lead");
    expect(exported).not.toContain("Second Lead");

    // A browser that has just written (the edge's cookie) reads what it wrote, from the primary.
    const justWrote = `${owner.cookie}; ${OWN_WRITE_COOKIE}=${Date.now()}`;
    expect((await dashboard(justWrote)).data).toMatchObject({ loadFailed: false, stats: { totalLeads: 2 } });
    expect(await analytics(justWrote)).toMatchObject({ leads: 2 });
    expect(await csv(justWrote)).toContain("Second Lead");

    // The REST API reads there too, until its key writes: then from the primary.
    const { key } = await createApiKey((await getServices()).db, { userId: owner.id, name: "Replica" });
    expect((await api("GET", "/leads", { key })).body.data.map((lead: { name: string }) => lead.name)).toEqual(["First Lead"]);
    expect((await api("PATCH", `/campaigns/${campaignId}`, { key, body: { status: "active" } })).status).toBe(200);
    expect((await api("GET", "/leads", { key })).body.data).toHaveLength(2);

    // The lag on /metrics: replay stopped over a second ago while the primary moved on.
    expect(Number(await metric("leadqr_replica_lag_seconds"))).toBeGreaterThanOrEqual(1);
    expect(await metric("leadqr_replica_in_use")).toBe("1");

    cluster!.onReplica("select pg_wal_replay_resume()");
    await replayed("select count(*) from lead", "2");
    await (await replica()).check();
    expect((await dashboard(owner.cookie)).data).toMatchObject({ stats: { totalLeads: 2 } });
    expect(await metric("leadqr_replica_lag_seconds")).toBe("0");
  });

  it("bypasses a replica further behind than the limit, and uses it again once it has caught up", async () => {
    // The service's limit is 30 s; this handle's is 3 s, so the test need not wait half a minute.
    const { default: pg } = await import("pg");
    const primary = new pg.Pool({ connectionString: cluster!.primaryUrl });
    const handle = await openReplica({ url: cluster!.replicaUrl, primary, maxLagSeconds: 3, checkEveryMs: 60_000 });
    const leads = async () => String(rowsOf<{ n: number }>(await handle.reader.execute(sql`select count(*)::int as n from lead`))[0]!.n);
    try {
      const before = await leads();
      // A transaction replayed just now, so the lag starts near 0 however idle the test was before.
      const { rows } = await primary.query<{ lsn: string }>("select txid_current(), pg_current_wal_lsn()::text as lsn");
      await replayed(`select pg_last_wal_replay_lsn() >= '${rows[0]!.lsn}'::pg_lsn`, "t");
      cluster!.onReplica("select pg_wal_replay_pause()");
      await createLeadRow(campaignId, { name: "Late Lead", email: "late@x.io" });
      await handle.check();
      expect(handle.status().inUse).toBe(true);
      expect(await leads()).toBe(before);

      await new Promise((resolve) => setTimeout(resolve, 3_500));
      await handle.check();
      expect(handle.status()).toMatchObject({ inUse: false, reachable: true });
      expect(handle.status().lagSeconds).toBeGreaterThan(3);
      expect(await leads()).toBe(String(Number(before) + 1));

      cluster!.onReplica("select pg_wal_replay_resume()");
      await replayed("select count(*) from lead", String(Number(before) + 1));
      await handle.check();
      expect(handle.status()).toMatchObject({ inUse: true, lagSeconds: 0 });
    } finally {
      await handle.close();
      await primary.end();
    }
  });

  it("falls back to the primary without an error page when the replica stops, before any check notices", async () => {
    cluster!.onReplica("select pg_wal_replay_pause()");
    await createLeadRow(campaignId, { name: "Third Lead", email: "third@x.io" });
    cluster!.stopReplica();
    expect((await replica()).status().inUse).toBe(true);

    // Only the primary has the third lead.
    const page = await dashboard(owner.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ loadFailed: false, stats: { totalLeads: 4 } });
    expect(await csv(owner.cookie)).toContain("Third Lead");
    expect((await replica()).status()).toMatchObject({ inUse: false, reachable: false });

    await (await replica()).check();
    expect((await dashboard(owner.cookie)).data).toMatchObject({ loadFailed: false, stats: { totalLeads: 4 } });
    expect(await metric("leadqr_replica_in_use")).toBe("0");
    expect(await metric("leadqr_replica_lag_seconds")).toMatch(/^nan$/i);
  });
});

function answerOrError(ask: () => string) {
  try {
    return ask();
  } catch (error) {
    return String(error);
  }
}
