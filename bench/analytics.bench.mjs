// node bench/analytics.bench.mjs — a year of scans at flat cost (issue 56): the owner's pages on the
// demo seed and on the year seed at 1 M scans (BENCH_SCALES adds 10M, 100M), in one run, each on its
// own fresh PostgreSQL database (TEST_DATABASE_URL or 127.0.0.1:5432). For each scale it seeds
// (`npm run seed -- --scale demo|year --scans N`), then times, as the server calls them (no HTTP):
// the dashboard, a campaign's analytics for 7 days, 30 days and 12 months (the campaigns in turn,
// busiest first), the API's campaign stats, and the CSV export (its first 1,000 rows, and whole);
// it prints p50/p95 per page, each page's p95 ÷ its p95 on the demo seed (goals: ≤ 1.25 × at 10 M,
// ≤ 1.5 × at 100 M; ≤ 50 ms for the dashboard and 12 months), the bytes per raw scan (goal ≤ 150),
// and, with auto_explain, which relations the 12-month analytics read: no month partition of `scan`
// may be read for a range over 2 days but the current hours (rollups hold the rest).
// Knobs: BENCH_SCALES ("demo,1M"; e.g. "demo,1M,10M"), BENCH_SAMPLES (40 per page),
// BENCH_DATABASES ("scale=url,…": use these seeded databases instead of seeding, e.g. a kept 10M),
// BENCH_KEEP_DATABASE (keep the seeded databases and print their URLs).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";

const MEASURE = process.argv[2] === "--measure";
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const TIME_ZONE = "Europe/Madrid";
const PAGES = ["dashboard", "analytics 7 days", "analytics 30 days", "analytics 12 months", "API campaign stats", "CSV first 1,000 rows"];

if (MEASURE) await measure();
else await orchestrate();

/** Seeds (or reuses) a database per scale, measures each in its own process, prints the comparison. */
async function orchestrate() {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const scales = (process.env.BENCH_SCALES ?? "demo,1M").split(",").map((scale) => scale.trim());
  const given = Object.fromEntries(
    (process.env.BENCH_DATABASES ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=", 2)),
  );
  spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const figures = {};
  const made = [];
  try {
    for (const scale of scales) {
      const scans = scale === "demo" ? null : scansOf(scale);
      let url = given[scale];
      let seeded = { bytesPerScan: null, seconds: null };
      if (!url) {
        const name = `leadqr_bench_year_${scale.toLowerCase()}_${crypto.randomBytes(3).toString("hex")}`;
        await admin.query(`create database ${name}`);
        made.push(name);
        const target = new URL(serverUrl);
        target.pathname = `/${name}`;
        url = target.href;
        seeded = seed(url, scans);
      }
      const owner = scale === "demo" ? "demo@leadqr.app" : "year@leadqr.app";
      figures[scale] = { ...measureIn(url, owner), ...seeded, url };
      if (figures[scale].bytesPerScan === null) figures[scale].bytesPerScan = figures[scale].storage;
    }
  } finally {
    for (const name of made) {
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept the database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
  report(scales, figures);
}

function scansOf(scale) {
  const match = /^(\d+)([kM]?)$/.exec(scale);
  if (!match) throw new Error(`BENCH_SCALES: "${scale}" is not demo, a count, or a count with k or M`);
  return Number(match[1]) * { "": 1, k: 1_000, M: 1_000_000 }[match[2]];
}

function seed(url, scans) {
  const args = scans === null ? ["scripts/seed.mjs", "--scale", "demo"] : ["scripts/seed.mjs", "--scale", "year", "--scans", String(scans)];
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" }, encoding: "utf8" });
  if (run.status !== 0) throw new Error(`seeding failed:\n${run.stdout}\n${run.stderr}`);
  const bytes = /Scan storage: (\d+) bytes per scan/.exec(run.stdout);
  return { bytesPerScan: bytes ? Number(bytes[1]) : null, seconds: (performance.now() - started) / 1000 };
}

function measureIn(url, owner) {
  const run = spawnSync(process.execPath, [new URL(import.meta.url).pathname, "--measure"], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      BENCH_OWNER: owner,
      LOG_LEVEL: "warn",
      // The 12-month analytics' plans, sent to this process's connections as notices.
      PGOPTIONS: "-c session_preload_libraries=auto_explain",
    },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout.split("\n").find((text) => text.startsWith("RESULT "));
  if (run.status !== 0 || !line) throw new Error(`measuring failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(line.slice("RESULT ".length));
}

function report(scales, figures) {
  const base = figures.demo;
  console.log(`\nbench/analytics (issue 56), ${SAMPLES} samples a page, time zone ${TIME_ZONE}`);
  for (const scale of scales) {
    const figure = figures[scale];
    const seeded = figure.seconds === null ? "seeded before" : `seeded in ${figure.seconds.toFixed(0)} s`;
    console.log(
      `\n${scale}: ${figure.volume.scans.toLocaleString("en")} scans in ${figure.volume.partitions} partitions, ` +
        `${figure.volume.leads.toLocaleString("en")} leads, ${figure.volume.campaigns} campaigns; ${seeded}; ` +
        `${figure.bytesPerScan ?? "?"} bytes per raw scan (goal ≤ 150)`,
    );
    for (const page of PAGES) {
      const { p50, p95 } = figure.pages[page];
      const ratio = base && scale !== "demo" ? `  ${(p95 / base.pages[page].p95).toFixed(2)} × demo` : "";
      console.log(`  ${page.padEnd(24)} p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms${ratio}`);
    }
    console.log(`  ${"CSV whole".padEnd(24)} ${figure.csvWhole.toFixed(0).padStart(7)} ms for ${figure.volume.leads.toLocaleString("en")} leads`);
    console.log(`  12-month analytics read: ${figure.explain.relations.join(", ") || "(no plan captured)"}`);
    console.log(`  month partitions of scan read for 12 months: ${figure.explain.scanPartitions.join(", ") || "none"}`);
  }
}

/** In the child: the pages on one seeded database, printed as one JSON line. */
async function measure() {
  process.env.NODE_ENV ??= "production";
  const notices = [];
  const connect = pg.Client.prototype.connect;
  pg.Client.prototype.connect = function (...args) {
    this.on("notice", (notice) => notices.push(notice.message ?? ""));
    return connect.apply(this, args);
  };
  /** @type {{ cli: typeof import("../app/server/cli") }} */
  const { cli } = await import(new URL("../build/server/index.js", import.meta.url).href);
  const { boot, shutdown, getDashboard, analyticsQueries, apiOperations, streamLeadsCsv } = cli;
  const { db } = await boot();
  const rows = (result) => result.rows;
  const [owner] = rows(await db.execute(`select id from "user" where email = '${process.env.BENCH_OWNER}'`));
  if (!owner) throw new Error(`no ${process.env.BENCH_OWNER} in this database`);
  const userId = owner.id;
  const campaigns = rows(await db.execute(`select id from campaign where user_id = '${userId}' order by scan_count desc`)).map((row) => row.id);
  const [volume] = rows(
    await db.execute(`select (select coalesce(sum(scan_count), 0) from campaign where user_id = '${userId}')::bigint as scans,
      (select count(*) from lead l join campaign c on c.id = l.campaign_id where c.user_id = '${userId}')::int as leads,
      (select count(*) from pg_inherits where inhparent = 'scan'::regclass)::int as partitions,
      (select count(*) from campaign where user_id = '${userId}')::int as campaigns`),
  );
  const [storage] = rows(
    await db.execute(`select (sum(pg_total_relation_size(inhrelid)) / greatest(1, (select count(*) from scan)))::int as bytes
      from pg_inherits where inhparent = 'scan'::regclass`),
  );
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const dayBefore = (days) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const rangeOf = (days) => ({ preset: "custom", from: dayBefore(days - 1), to: today, days, notice: null });
  const stats = apiOperations.find((operation) => operation.operationId === "getCampaignStats");
  const firstRows = async (index) => {
    const csv = await streamLeadsCsv(db, { userId, isPro: true, query: { campaign: campaigns[index % campaigns.length] } });
    let lines = 0;
    for await (const chunk of csv) {
      lines += String(chunk).split("\n").length - 1;
      if (lines > 1000) {
        csv.destroy();
        break;
      }
    }
  };
  const pageCalls = {
    dashboard: () => getDashboard(db, { userId, timeZone: TIME_ZONE }),
    "analytics 7 days": (index) => analytics(index, 7),
    "analytics 30 days": (index) => analytics(index, 30),
    "analytics 12 months": (index) => analytics(index, 365),
    "API campaign stats": (index) => stats.handler({ db, userId, params: { id: campaigns[index % campaigns.length] } }),
    "CSV first 1,000 rows": firstRows,
  };
  function analytics(index, days) {
    return analyticsQueries.getCampaignAnalytics(db, {
      userId,
      campaignId: campaigns[index % campaigns.length],
      timeZone: TIME_ZONE,
      range: rangeOf(days),
    });
  }
  const pages = {};
  for (const [page, call] of Object.entries(pageCalls)) pages[page] = await time(call);
  const started = performance.now();
  for await (const chunk of await streamLeadsCsv(db, { userId, isPro: true, query: {} })) void chunk;
  const csvWhole = performance.now() - started;

  // One 12-month analytics with every statement's plan sent here as a notice.
  await db.execute("select 1");
  notices.length = 0;
  await db.transaction(async (tx) => {
    await tx.execute("set local auto_explain.log_min_duration = 0");
    await tx.execute("set local auto_explain.log_level = notice");
    await tx.execute("set local auto_explain.log_nested_statements = on");
    await tx.execute("set local auto_explain.log_analyze = on");
    await analyticsQueries.getCampaignAnalytics(tx, { userId, campaignId: campaigns[0], timeZone: TIME_ZONE, range: rangeOf(365) });
  });
  // Plan nodes that ran (log_analyze: a node pruned at run time says "never executed").
  const ran = notices
    .join("\n")
    .split("\n")
    .filter((line) => !line.includes("never executed"));
  const relations = [
    ...new Set(ran.flatMap((line) => [...line.matchAll(/(?:Scan|Scan Backward)(?: using \w+)? on (\w+)/g)].map((match) => match[1]))),
  ].sort();
  const currentMonth = new Date().toISOString().slice(0, 7).replace("-", "");
  const scanPartitions = relations.filter((name) => /^scan_(\d{6}|history)$/.test(name) && name !== `scan_${currentMonth}`);
  console.log(
    `RESULT ${JSON.stringify({ pages, csvWhole, storage: storage?.bytes ?? null, volume: { ...volume, scans: Number(volume.scans) }, explain: { relations, scanPartitions } })}`,
  );
  await shutdown();

  async function time(call) {
    for (let index = 0; index < 3; index++) await call(index);
    const samples = [];
    for (let index = 0; index < SAMPLES; index++) {
      const begun = performance.now();
      await call(index);
      samples.push(performance.now() - begun);
    }
    samples.sort((a, b) => a - b);
    const pick = (quantile) => samples[Math.min(samples.length - 1, Math.ceil(quantile * samples.length) - 1)];
    return { p50: pick(0.5), p95: pick(0.95) };
  }
}
