// node bench/capture.bench.mjs — the capture page's first-render budget and its throughput.
// Starts the production build on a fresh PostgreSQL database (TEST_DATABASE_URL or the machine's
// server on 127.0.0.1:5432), prints figures, asserts nothing. Knobs: BENCH_REQUESTS, BENCH_CONCURRENCY.
import { execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const BUDGET_BYTES = 14 * 1024;

if (!fs.existsSync("build/server/index.js")) execSync("npx react-router build", { stdio: "inherit" });

const databaseName = `leadqr_bench_${crypto.randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database ${databaseName}`);
await admin.end();
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${databaseName}`;

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-bench-"));
const server = spawn(process.execPath, ["server.mjs"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: `http://localhost:${port}`, DATA_DIR: dataDir, DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: "error" },
  stdio: ["ignore", "ignore", "inherit"],
});
const db = new pg.Pool({ connectionString: databaseUrl.toString(), max: 10 });

try {
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  // A Pro owner, so every load records a scan (a free campaign stops counting at 5).
  const ownerId = crypto.randomUUID();
  await db.query(`insert into "user" (id, name, email, is_pro) values ($1, 'Bench', $2, true)`, [ownerId, `bench-${ownerId}@bench.test`]);
  const campaignId = crypto.randomUUID();
  await db.query(
    `insert into campaign (id, user_id, title, business_type, discount, min_order, ai_headline, ai_thankyou, status, design)
     values ($1, $2, 'Bench Special', 'Coffee Shop', '20% off', 'any order', 'Get 20% Off Your Next Coffee Today Only', 'Thanks for joining! Show this screen at the counter to claim your discount.', 'active', $3)`,
    [campaignId, ownerId, JSON.stringify({ primary_color: "#1E40AF", secondary_color: "#3B82F6", text_color: "#FFFFFF", button_style: "rounded", font_style: "modern", layout: "centered" })],
  );
  const pagePath = `/capture/${campaignId}`;

  // 1. Bytes and requests for the first render.
  const page = await rawGet(port, pagePath, { "accept-encoding": "gzip, deflate, br", "user-agent": PHONE_UA });
  const html = decompress(page.body, page.headers["content-encoding"]).toString("utf8");
  const head = html.slice(0, html.indexOf("</head>"));
  const stylesheets = (head.match(/<link[^>]+rel="stylesheet"[^>]*>/g) ?? []).length;
  const blockingScripts = (head.match(/<script\b[^>]*\bsrc=[^>]*>/g) ?? []).filter((tag) => !/\b(async|defer)\b|type="module"/.test(tag)).length;
  const gzipBytes = zlib.gzipSync(Buffer.from(html), { level: 6 }).length;
  const offerInHtml = html.includes("Get 20% Off Your Next Coffee Today Only") && /<form[^>]*method="post"/.test(html);
  const deferredJs = (html.match(/<link rel="modulepreload"[^>]*>/g) ?? []).length;
  console.log("capture page, first render");
  console.log(`  status ${page.status}, content-encoding ${page.headers["content-encoding"] ?? "none"}`);
  console.log(`  HTML ${html.length} bytes raw, ${page.body.length} bytes as served, ${gzipBytes} bytes gzip (budget ${BUDGET_BYTES}: ${gzipBytes <= BUDGET_BYTES ? "within" : "OVER"})`);
  console.log(`  render-blocking requests beyond the HTML: ${stylesheets + blockingScripts} (stylesheets ${stylesheets}, blocking scripts ${blockingScripts})`);
  console.log(`  requests for first render: ${1 + stylesheets + blockingScripts}; offer and form in the HTML: ${offerInHtml}`);
  console.log(`  enhancement JS loaded after render (modulepreload/module): ${deferredJs} files`);

  // 2. Throughput: page loads that record a scan, against plain INSERTs from this process.
  const scansBefore = await scanCount(db, campaignId);
  const pageRun = await measure(REQUESTS, CONCURRENCY, async () => {
    const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, { headers: { "user-agent": PHONE_UA, "accept-encoding": "gzip" } });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    await response.arrayBuffer();
  });
  const recorded = (await scanCount(db, campaignId)) - scansBefore;
  const insertRun = await measure(REQUESTS, CONCURRENCY, async () => {
    await db.query(`insert into scan (campaign_id, device_type, location) values ($1, 'mobile', null)`, [campaignId]);
  });
  console.log(`\nthroughput (${REQUESTS} operations, concurrency ${CONCURRENCY}, PostgreSQL, ${os.cpus().length} CPUs)`);
  console.log(`  capture page loads with scan recording: ${pageRun.perSecond.toFixed(0)}/s (p50 ${pageRun.p50.toFixed(1)} ms, p95 ${pageRun.p95.toFixed(1)} ms), scans recorded ${recorded}`);
  console.log(`  plain INSERT into scan (baseline):       ${insertRun.perSecond.toFixed(0)}/s (p50 ${insertRun.p50.toFixed(1)} ms, p95 ${insertRun.p95.toFixed(1)} ms)`);
  console.log(`  ratio page/insert: ${(pageRun.perSecond / insertRun.perSecond).toFixed(3)} (insert is ${(insertRun.perSecond / pageRun.perSecond).toFixed(1)}x faster)`);
} finally {
  await db.end();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: SERVER_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${databaseName} with (force)`);
  await cleanup.end();
}

async function measure(total, concurrency, operation) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        await operation();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: total / seconds, p50: latencies[Math.floor(latencies.length * 0.5)], p95: latencies[Math.floor(latencies.length * 0.95)] };
}

async function scanCount(pool, campaignId) {
  const { rows } = await pool.query(`select count(*)::int as n from scan where campaign_id = $1`, [campaignId]);
  return rows[0].n;
}

function rawGet(port, pathname, headers) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function decompress(body, encoding) {
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}

async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

async function waitFor(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error("server exited during start-up");
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
