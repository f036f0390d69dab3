// node bench/surge.mjs — a crowd claiming one offer at once (issue 29). Starts scripts/cluster (two
// instances, WEB_CONCURRENCY=1 each, behind nginx) on a fresh PostgreSQL database (TEST_DATABASE_URL
// or 127.0.0.1:5432) and prints: pgbench's plain INSERT tps (the baseline, same run, same database),
// lead submissions/s on ONE campaign through one instance and through both behind the proxy, p50/p99,
// answers by status, stored leads (must equal the 200s) and, on Linux, the CPU time per lead of the
// instances and of PostgreSQL (from /proc: comparable across runs on a busy machine, where rates are
// not). Default configuration: no rate-limit multiplier; every lead carries its own counted scan
// token. A fourth phase mixes pairs of posts with the same email at the same instant (each its own
// token) into the crowd behind nginx and prints the genuine visitors' p99 beside the plain phase's
// (decision 334: a clash costs only the clashing leads). Knobs: BENCH_LEADS (3000 per phase),
// BENCH_CONCURRENCY (32), BENCH_SECONDS (10, pgbench), BENCH_PAIR_EVERY (8: one pair per 8 genuine
// posts), BENCH_PORT_BASE (3327: instances on it and the next port, nginx on the one after),
// BENCH_CPU_PROF (a directory: each instance writes a V8 CPU profile there when it stops),
// BENCH_PHASES (run only the phases whose label contains one of these comma-separated words).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LEADS = Number(process.env.BENCH_LEADS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIR_EVERY = Number(process.env.BENCH_PAIR_EVERY ?? 8);
const PAIRS = Math.floor(LEADS / PAIR_EVERY);
// Three ports from BENCH_PORT_BASE (3327): two instances, then nginx. On a shared machine use your own range.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3327);
const PORTS = { proxy: PORT_BASE + 2, a: PORT_BASE, b: PORT_BASE + 1 };
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

for (const tool of ["pgbench", "nginx"]) {
  if (spawnSync("which", [tool]).status !== 0) {
    console.error(`${tool} is not installed`);
    process.exit(1);
  }
}
if (!fs.existsSync("build/server/index.js")) execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });

const databaseName = `leadqr_surge_${crypto.randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database ${databaseName}`);
await admin.end();
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${databaseName}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-surge-"));

console.log(
  `bench/surge on ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
const cluster = spawn("scripts/cluster", [], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    CLUSTER_PORT: String(PORTS.proxy),
    INSTANCE_PORTS: `${PORTS.a} ${PORTS.b}`,
    LOG_LEVEL: "error",
    ...(process.env.BENCH_CPU_PROF ? { CLUSTER_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` } : {}),
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const db = new pg.Pool({ connectionString: databaseUrl.toString(), max: 4 });
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

try {
  await waitFor(`http://127.0.0.1:${PORTS.proxy}/healthz`);
  const ownerId = crypto.randomUUID();
  await db.query(`insert into "user" (id, name, email, is_pro, email_verified) values ($1, 'Bench', $2, true, true)`, [
    ownerId,
    `surge-${ownerId}@bench.test`,
  ]);
  const campaignId = crypto.randomUUID();
  await db.query(
    `insert into campaign (id, user_id, title, business_type, discount, min_order, ai_headline, ai_thankyou, status, design)
     values ($1, $2, 'Summer Special', 'Coffee Shop', '20% off', 'any order', 'Get 20% off', 'Thanks!', 'active', '{}')`,
    [campaignId, ownerId],
  );

  // The baseline: a plain one-row INSERT, same database, same concurrency.
  const insertSql = path.join(workDir, "insert.sql");
  fs.writeFileSync(insertSql, `insert into scan (campaign_id, device_type) values ('${campaignId}', 'mobile');\n`);
  const pgbench = execFileSync(
    "pgbench",
    ["-n", "-c", String(CONCURRENCY), "-j", "2", "-T", String(SECONDS), "-f", insertSql, databaseUrl.toString()],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  const insertTps = Number(/tps = ([\d.]+)/.exec(pgbench)?.[1] ?? NaN);
  console.log(`plain INSERT (pgbench, ${CONCURRENCY} clients):              ${insertTps.toFixed(0)}/s`);

  // Counted scans of 4 × LEADS different visitors and the pairs (the loads are bench/capture's subject).
  const { rows: scans } = await db.query(
    `insert into scan (campaign_id, device_type, visitor_hash, is_unique) select $1, 'mobile', md5(g::text), true from generate_series(1, $2) g returning id`,
    [campaignId, 4 * LEADS + 2 * PAIRS],
  );
  const tokens = scans.map((row) => row.id);

  // A phone with JavaScript posts the form as the page's script does (`/capture/{id}/lead`, JSON,
  // decision 323); without JavaScript the post answers with the whole thank-you page.
  const phases = [
    { label: "one instance (direct)", port: PORTS.a, tokens: tokens.slice(0, LEADS), path: `/capture/${campaignId}/lead` },
    { label: "two instances behind nginx", port: PORTS.proxy, tokens: tokens.slice(LEADS, 2 * LEADS), path: `/capture/${campaignId}/lead` },
    {
      label: "two instances, clashing pairs",
      port: PORTS.proxy,
      tokens: tokens.slice(2 * LEADS, 3 * LEADS),
      path: `/capture/${campaignId}/lead`,
      pairTokens: tokens.slice(4 * LEADS),
    },
    { label: "one instance, no JavaScript", port: PORTS.a, tokens: tokens.slice(3 * LEADS, 4 * LEADS), path: `/capture/${campaignId}` },
  ];
  // A pair's two accepted posts are one lead: the same email on a campaign is one lead (decision 344).
  const totals = { accepted: 0, posted: 0, pairs: 0 };
  const p99ByLabel = new Map();
  const only = process.env.BENCH_PHASES?.split(",");
  for (const phase of phases.filter((candidate) => !only || only.some((word) => candidate.label.includes(word)))) {
    const statuses = new Map();
    const pairStatuses = new Map();
    const pairs = phase.pairTokens ? PAIRS : 0;
    const cpuBefore = await cpuNow();
    // Every PAIR_EVERY-th operation of the clashing phase is a pair: two posts of one email at once,
    // outside the genuine visitors' figures.
    const isPair = (index) => pairs > 0 && index % (PAIR_EVERY + 1) === PAIR_EVERY && Math.floor(index / (PAIR_EVERY + 1)) < pairs;
    const genuineOf = (index) => index - Math.min(pairs, Math.floor((index + 1) / (PAIR_EVERY + 1)));
    const result = await measure(phase.tokens.length + pairs, CONCURRENCY, async (index) => {
      if (isPair(index)) {
        const pair = Math.floor(index / (PAIR_EVERY + 1));
        const answers = await Promise.all(
          [0, 1].map((side) =>
            post(
              phase.port,
              phase.path,
              new URLSearchParams({
                name: `Pair ${pair}`,
                email: `pair${pair}@bench.test`,
                phone: "",
                scanToken: phase.pairTokens[2 * pair + side],
              }).toString(),
            ),
          ),
        );
        for (const answer of answers) pairStatuses.set(answer, (pairStatuses.get(answer) ?? 0) + 1);
        return false;
      }
      const visitor = genuineOf(index);
      const body = new URLSearchParams({
        name: `Visitor ${visitor}`,
        email: `v${visitor}-${phase.label.length}@bench.test`,
        phone: "",
        scanToken: phase.tokens[visitor],
      }).toString();
      const answer = await post(phase.port, phase.path, body);
      statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
      return true;
    });
    const cpu = cpuPerLead(cpuBefore, await cpuNow(), phase.tokens.length + 2 * pairs);
    totals.accepted += (statuses.get(200) ?? 0) + (pairStatuses.get(200) ?? 0);
    totals.posted += phase.tokens.length + 2 * pairs;
    totals.pairs += pairs;
    p99ByLabel.set(phase.label, result.p99);
    const byStatus = [...statuses]
      .sort()
      .map(([status, n]) => `${status}: ${n}`)
      .join(", ");
    console.log(
      `lead submissions, ${phase.label.padEnd(29)} ${result.perSecond.toFixed(0)}/s (${(result.perSecond / insertTps).toFixed(3)}× INSERT), p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ${byStatus}${cpu}`,
    );
    if (pairs > 0) {
      const pairCodes = await db.query(
        `select count(*)::int as n from offer_code o join lead l on l.id = o.lead_id where o.campaign_id = $1 and l.email like 'pair%@bench.test'`,
        [campaignId],
      );
      // Genuine leads written by a commit that wrote others too: stored by a batch, not alone.
      const batched = await db.query(
        `with t as (select xmin::text as x, count(*) as n from lead where campaign_id = $1 group by 1)
         select count(*)::int as n from lead l join t on t.x = l.xmin::text where l.campaign_id = $1 and l.email like $2 and t.n > 1`,
        [campaignId, `v%-${phase.label.length}@bench.test`],
      );
      const plain = p99ByLabel.get("two instances behind nginx") ?? NaN;
      console.log(
        `  genuine visitors' p99 ${result.p99.toFixed(1)} ms with ${pairs} clashing pairs mixed in, ${plain.toFixed(1)} ms in the plain phase (${(result.p99 / plain).toFixed(2)}×); pairs' answers ${[...pairStatuses].map(([status, n]) => `${status}: ${n}`).join(", ")}, ${pairCodes.rows[0].n} codes for ${pairs} emails; genuine leads stored in shared commits ${batched.rows[0].n} of ${phase.tokens.length}`,
      );
    }
  }
  const { rows: stored } = await db.query(`select count(*)::int as n from lead where campaign_id = $1`, [campaignId]);
  const { rows: shown } = await db.query(
    `select (c.lead_count + coalesce((select sum(t.leads) from campaign_lead_tally t where t.campaign_id = c.id), 0))::int as n from campaign c where c.id = $1`,
    [campaignId],
  );
  const { rows: consents } = await db.query(
    `select count(*)::int as n from lead_consent lc join lead l on l.id = lc.lead_id where l.campaign_id = $1`,
    [campaignId],
  );
  const { rows: codes } = await db.query(`select count(*)::int as n from offer_code where campaign_id = $1`, [campaignId]);
  console.log(
    `accepted ${totals.accepted} of ${totals.posted} leads on one campaign; stored rows ${stored[0].n} (${stored[0].n === totals.accepted - totals.pairs ? "equal" : "NOT EQUAL"} to the accepted less one per pair, ${totals.accepted - totals.pairs}), shown count ${shown[0].n}, consent records ${consents[0].n}, offer codes ${codes[0].n}`,
  );
  // The owner's mail after the surge: single emails, then folded into a digest by the worker.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const { rows: mail } = await db.query(
    `select kind, status, count(*)::int as n from email_outbox where campaign_id = $1 group by 1, 2 order by 1, 2`,
    [campaignId],
  );
  console.log(`owner mail: ${mail.map((row) => `${row.kind}/${row.status} ${row.n}`).join(", ")}`);
} finally {
  await db.end();
  const exited = new Promise((resolve) => cluster.once("exit", resolve));
  cluster.kill("SIGTERM");
  await exited;
  fs.rmSync(workDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: SERVER_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${databaseName} with (force)`);
  await cleanup.end();
}

/**
 * CPU time (ms) of the instances (every `node server.mjs` with one of the instance ports) and of
 * this database's PostgreSQL backends, read from /proc: what a lead costs, whatever else the
 * machine runs. Backends that exit during a phase take their time with them (an under-count).
 */
async function cpuNow() {
  if (!fs.existsSync("/proc/self/stat")) return null;
  const ticks = (pid) => {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
    } catch {
      return 0;
    }
  };
  const app = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.mjs")) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environ.includes(`PORT=${PORTS.a}`) || environ.includes(`PORT=${PORTS.b}`)) app.set(entry, ticks(entry));
    } catch {
      // not ours, or gone
    }
  }
  const { rows } = await db.query(`select pid from pg_stat_activity where datname = $1`, [databaseName]);
  return { app, database: new Map(rows.map((row) => [String(row.pid), ticks(row.pid)])) };
}

function cpuPerLead(before, after, leads) {
  if (!before || !after) return "";
  const used = (key) => [...after[key]].reduce((sum, [pid, ms]) => sum + ms - (before[key].get(pid) ?? 0), 0) / leads;
  return `; CPU per lead: app ${used("app").toFixed(1)} ms, PostgreSQL ${used("database").toFixed(1)} ms`;
}

/** Runs `total` operations, `concurrency` at once; rate and latencies count those that resolve true. */
async function measure(total, concurrency, operation) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t = performance.now();
        if (await operation(index)) latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}

/** Posts the form as a browser without JavaScript does; resolves to the status (0: connection failed). */
function post(port, pathname, body) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        agent,
        headers: { "user-agent": PHONE_UA, "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

async function waitFor(url) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (cluster.exitCode !== null) throw new Error("the cluster stopped during start-up");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the cluster did not start");
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
