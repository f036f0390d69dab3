// node bench/surge.mjs — a crowd claiming one offer at once (issues 29 and 50). Starts scripts/cluster
// (two instances, WEB_CONCURRENCY=1 each, sharing one secret, behind nginx) on a fresh PostgreSQL
// database (TEST_DATABASE_URL or 127.0.0.1:5432) and prints: pgbench's plain INSERT tps (the
// baseline, same run, same database), lead submissions/s on ONE campaign through one instance and
// through both behind the proxy, p50/p99, answers by status, stored leads (must equal the 200s) and,
// on Linux, the CPU time per lead of the instances and of PostgreSQL (from /proc: comparable across
// runs on a busy machine, where rates are not). Default configuration: no rate-limit multiplier;
// every lead carries its own counted scan token and comes from its own address (10.x.y.z, named
// through X-Forwarded-For to instances started with TRUST_PROXY=loopback, as bench/capture does).
// Then decision 334's claim (a clash costs only the clashing leads) at equal load: a crowd behind
// nginx where every PAIR_EVERY-th operation is two posts of one email at the same instant, against
// a control crowd whose pairs are two different emails, and one whose pairs are one email posted in
// turn (the second when the first is answered: the same leads, no clash), in turns round by round;
// it prints the crowds' genuine p99 and the clash's ratios to both. Then one network (issue 50):
// BENCH_LEADS phones behind shared IPv4 addresses (100.64.x.y, BENCH_PHONES_PER_NETWORK each), then
// as many in shared IPv6 /64s (each phone its own address in one), through nginx; each phone is its
// own browser: it loads the page, posts the form's token (a counted scan's, or past the network's
// burst allowance a crowd token) as the page's script does with its cookies, and keeps any it is
// given. Every phone loads first, then every phone posts: it prints the posts' leads/s against the
// INSERT baseline (as the phases above, whose tokens are made beforehand), the loads' rate, the CPU
// of a phone's load and post together, crowd vs scan tokens and scans counted. Every post must be a 200. The end checks stored rows, consents and codes against
// the 200s and prints which client addresses the consent records kept (proof the proxy was trusted).
// Knobs: BENCH_LEADS (3000 per phase; each crowd of the comparison gets half a phase's worth),
// BENCH_ROUNDS (4), BENCH_CONCURRENCY (32), BENCH_SECONDS (10, pgbench), BENCH_PAIR_EVERY (8: one
// pair per 8 genuine posts), BENCH_PHONES_PER_NETWORK (100), BENCH_ADDRESSES ("one": every post of
// the phases before one network from 127.0.0.1, the figures before 2026-11-28), BENCH_PORT_BASE
// (3327: instances on it and the next port, nginx on the one after), BENCH_CPU_PROF (a directory:
// each instance writes a V8 CPU profile there when it stops), BENCH_PHASES (run only the phases
// whose label contains one of these comma-separated words: "direct", "nginx", "no JavaScript",
// "clashing", "one network"), BENCH_LOG (a file: the instances' log lines go there, at
// BENCH_LOG_LEVEL, "error" by default), BENCH_ALERTS (1: a proven Slack channel on the tests' Slack
// stand-in for the owner before the surge; at the end, once the alert worker has drained or
// BENCH_ALERTS_WAIT seconds (180) have passed, the messages it received per minute and each folded
// one: a crowd must stay a few alerts a minute, bench/support/alerts.mjs), BENCH_KEEP_DATABASE (keep
// the run's database, named at the end, for EXPLAIN afterwards; drop it yourself).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { linkProvenSlack, printAlerts, startAlertsBench } from "./support/alerts.mjs";
import { measure, statsOf } from "./support/crowd.mjs";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const LEADS = Number(process.env.BENCH_LEADS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAIR_EVERY = Number(process.env.BENCH_PAIR_EVERY ?? 8);
const PAIRS = Math.floor(LEADS / 2 / PAIR_EVERY);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
// Three ports from BENCH_PORT_BASE (3327): two instances, then nginx. On a shared machine use your own range.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3327);
const PORTS = { proxy: PORT_BASE + 2, a: PORT_BASE, b: PORT_BASE + 1 };
// Each visitor posts from its own address (10.x.y.z), named to the instances through the trusted
// proxy as bench/capture does: X-Forwarded-For, with TRUST_PROXY=loopback (decision 221). With
// BENCH_ADDRESSES=one every post comes from 127.0.0.1, as in the figures before 2026-11-28.
const ADDRESSES = process.env.BENCH_ADDRESSES ?? "visitor";
if (ADDRESSES !== "visitor" && ADDRESSES !== "one") {
  console.error(`BENCH_ADDRESSES is "visitor" (the default: one address per visitor) or "one" (every post from 127.0.0.1)`);
  process.exit(1);
}
let visitorAddresses = 0;
/** The next visitor's own IPv4 address (10.0.0.1, 10.0.0.2, …), or none: the post comes from 127.0.0.1. */
function nextVisitorAddress() {
  if (ADDRESSES === "one") return undefined;
  const n = ++visitorAddresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
/** The crowds of the clash comparison, each against the same genuine visitors and as many pairs. */
const CLASH_CROWDS = ["control", "repeat", "clashing"];
// The one-network phase (issue 50): BENCH_LEADS phones, PHONES_PER_NETWORK behind each shared
// IPv4 address, then as many behind each IPv6 /64 (each phone its own address in it). Past the
// burst allowance (CAPTURE_BURST_LOADS, 30 per network, window and process) a load gets a crowd
// token instead of a scan's id (docs/features/crowds.md).
const PHONES_PER_NETWORK = Number(process.env.BENCH_PHONES_PER_NETWORK ?? 100);
const NETWORKS = Math.max(1, Math.ceil(LEADS / PHONES_PER_NETWORK));
const CROWD_TOKEN = /^c1\./;
// The instances' one secret (below), which BENCH_ALERTS also seals its Slack webhook under.
const SECRET = process.env.BETTER_AUTH_SECRET ?? crypto.randomBytes(32).toString("hex");
const alerts = process.env.BENCH_ALERTS === "1" ? await startAlertsBench() : null;

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
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
    // The instances believe the X-Forwarded-For hop from this machine (the bench, or nginx): said
    // here as well as in scripts/cluster, so that a TRUST_PROXY in the caller's environment cannot
    // silently turn every visitor back into 127.0.0.1.
    TRUST_PROXY: "loopback",
    // One secret for both instances, as docs/operations.md asks of several processes: scripts/cluster
    // gives each its own DATA_DIR, so each would generate its own, and a crowd token or visitor
    // cookie one instance signed would be no token at the other (the phone's post is refused).
    BETTER_AUTH_SECRET: SECRET,
    ...alerts?.env,
    ...(process.env.BENCH_CPU_PROF ? { CLUSTER_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` } : {}),
  },
  stdio: ["ignore", process.env.BENCH_LOG ? fs.openSync(process.env.BENCH_LOG, "w") : "ignore", "inherit"],
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
  const linked = alerts ? await linkProvenSlack(db, { slack: alerts.slack, ownerId, secret: SECRET }) : null;

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

  // Counted scans for every post (the loads are bench/capture's subject): the plain phases, the
  // warm-up, and each crowd's genuine visitors and pairs in the clash comparison.
  const { rows: scans } = await db.query(
    `insert into scan (campaign_id, device_type, visitor_hash, is_unique) select $1, 'mobile', md5(g::text), true from generate_series(1, $2) g returning id`,
    [campaignId, 5 * LEADS + 6 * PAIRS],
  );
  const tokens = scans.map((row) => row.id);
  const slice = (() => {
    let used = 0;
    return (n) => tokens.slice(used, (used += n));
  })();

  // A phone with JavaScript posts the form as the page's script does (`/capture/{id}/lead`, JSON,
  // decision 323); without JavaScript the post answers with the whole thank-you page.
  const script = `/capture/${campaignId}/lead`;
  const plainPhases = [
    { label: "one instance (direct)", port: PORTS.a, tokens: slice(LEADS), path: script },
    { label: "two instances behind nginx", port: PORTS.proxy, tokens: slice(LEADS), path: script },
    { label: "one instance, no JavaScript", port: PORTS.a, tokens: slice(LEADS), path: `/capture/${campaignId}` },
  ];
  // Decision 334's claim, measured at equal load: every PAIR_EVERY-th operation posts two leads;
  // in the clashing crowd they share an email and are posted at once (one lead), in one control two
  // emails at once (two leads), in the other one email, the second posted when the first is answered
  // (one lead, no clash). The crowds take turns round by round so a busy moment of the machine hits each.
  const clash = {
    control: {
      label: "pairs of two emails",
      tokens: slice(LEADS / 2),
      pairTokens: slice(2 * PAIRS),
      email: (pair, side) => `twin${pair}-${side}@bench.test`,
    },
    repeat: {
      label: "one email, in turn",
      tokens: slice(LEADS / 2),
      pairTokens: slice(2 * PAIRS),
      email: (pair) => `again${pair}@bench.test`,
      inTurn: true,
    },
    clashing: { label: "clashing pairs", tokens: slice(LEADS / 2), pairTokens: slice(2 * PAIRS), email: (pair) => `pair${pair}@bench.test` },
    // An untimed crowd first, so neither side's first round pays for the instances' warm-up.
    warmUp: slice(LEADS / 10),
  };
  const totals = { accepted: 0, posted: 0, pairs: 0 };
  const only = process.env.BENCH_PHASES?.split(",");
  const wanted = (label) => !only || only.some((word) => label.includes(word));
  let plainP99 = NaN;
  for (const [index, phase] of plainPhases.entries()) {
    if (!wanted(phase.label)) continue;
    const cpuBefore = await cpuNow();
    const crowd = await runCrowd({ ...phase, pairs: 0, tag: `plain${index}` });
    const cpu = cpuPerLead(cpuBefore, await cpuNow(), phase.tokens.length);
    count(totals, crowd, phase.tokens.length, 0);
    const figures = statsOf(crowd);
    if (phase.port === PORTS.proxy) plainP99 = figures.p99;
    console.log(`lead submissions, ${phase.label.padEnd(29)} ${rateLine(figures, insertTps)}; ${statusLine(crowd.statuses)}${cpu}`);
  }
  if (wanted("clashing")) await compareClashes(clash, { insertTps, plainP99, campaignId, totals, script });
  if (wanted("one network")) await oneNetwork({ insertTps, campaignId, totals });

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
    `accepted ${totals.accepted} of ${totals.posted} leads on one campaign; stored rows ${stored[0].n} (${stored[0].n === totals.accepted - totals.pairs ? "equal" : "NOT EQUAL"} to the accepted less one per pair of one email, ${totals.accepted - totals.pairs}), shown count ${shown[0].n}, consent records ${consents[0].n}, offer codes ${codes[0].n}`,
  );
  console.log(await addressesLine(campaignId));
  // The owner's mail after the surge: single emails, then folded into a digest by the worker.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const { rows: mail } = await db.query(
    `select kind, status, count(*)::int as n from email_outbox where campaign_id = $1 group by 1, 2 order by 1, 2`,
    [campaignId],
  );
  console.log(`owner mail: ${mail.map((row) => `${row.kind}/${row.status} ${row.n}`).join(", ")}`);
  if (linked) await printAlerts(db, { ...linked, slack: alerts.slack, waitMs: Number(process.env.BENCH_ALERTS_WAIT ?? 180) * 1000 });
} finally {
  await alerts?.slack.close();
  await db.end();
  const exited = new Promise((resolve) => cluster.once("exit", resolve));
  cluster.kill("SIGTERM");
  await exited;
  fs.rmSync(workDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: SERVER_URL });
  await cleanup.connect();
  if (process.env.BENCH_KEEP_DATABASE) console.log(`kept the database ${databaseName}`);
  else await cleanup.query(`drop database if exists ${databaseName} with (force)`);
  await cleanup.end();
}

/**
 * Phones sharing networks, through nginx to both instances: each is its own browser (its own
 * cookie jar) that loads the page, takes the form's token, and posts the lead as the page's script
 * does with its cookies. Phones take turns across the networks, so every network is busy at once.
 * Every phone loads, then every phone posts: the posts are timed as the lead path's figures, the
 * loads on their own, and the CPU of both together is printed per phone.
 */
async function oneNetwork({ insertTps, campaignId, totals }) {
  const octets = (network) => `${Math.floor(network / 250)}.${(network % 250) + 1}`;
  const group = () => crypto.randomBytes(2).readUInt16BE(0).toString(16);
  const parts = [
    { label: `${NETWORKS} IPv4 addresses`, tag: "net4", address: (network) => `100.64.${octets(network)}` },
    {
      label: `${NETWORKS} IPv6 /64s`,
      tag: "net6",
      // A phone's own address in its network's /64 (a random interface id, as privacy addresses are).
      address: (network) => `2001:db8:ca:${network.toString(16)}:${group()}:${group()}:${group()}:${group()}`,
    },
  ];
  for (const part of parts) {
    const statuses = new Map();
    const tokens = { scan: 0, crowd: 0 };
    const cookies = { load: 0, post: 0 };
    const refusals = new Map();
    const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
    const scans = async () => (await db.query(`select count(*)::int as n from scan where campaign_id = $1`, [campaignId])).rows[0].n;
    const scansBefore = await scans();
    // Every phone loads the page, then every phone posts: the loads' rate is bench/capture's
    // subject, the posts' is the lead path's, comparable with the phases above (whose tokens are
    // made beforehand). Each phone keeps its own cookies and token from its load to its post.
    const phones = new Array(LEADS);
    const cpuBeforeLoads = await cpuNow();
    const loads = await measure(LEADS, CONCURRENCY, async (index) => {
      phones[index] = await loadPage(campaignId, part.address(index % NETWORKS));
      return phones[index].token !== undefined;
    });
    const cpuAfterLoads = await cpuNow();
    const posts = await measure(LEADS, CONCURRENCY, async (index) => {
      const phone = phones[index];
      if (phone.refused) {
        tally(refusals, phone.refused);
        tally(statuses, `load ${phone.status}`);
        return false;
      }
      const answer = await postLead(campaignId, phone, { name: `Phone ${index}`, email: `p${index}-${part.tag}@bench.test` });
      if (answer.refused) tally(refusals, answer.refused);
      tally(statuses, answer.status);
      tokens[phone.crowd ? "crowd" : "scan"] += 1;
      if (phone.cookieFromLoad) cookies.load += 1;
      if (answer.cookieFromPost) cookies.post += 1;
      return true;
    });
    const cpuAfterPosts = await cpuNow();
    // Every phone is one counted scan: its load's, or its crowd token's lead's (each answered after its commit).
    const counted = (await scans()) - scansBefore;
    totals.accepted += statuses.get(200) ?? 0;
    totals.posted += LEADS;
    const perPhone = cpuMs(cpuBeforeLoads, cpuAfterPosts);
    console.log(
      `lead submissions, one network: ${part.label}, ${PHONES_PER_NETWORK} phones each, through nginx ${rateLine(statsOf(posts), insertTps)}; ${statusLine(statuses)}${cpuPerLead(cpuAfterLoads, cpuAfterPosts, LEADS)}`,
    );
    console.log(
      `  their loads before: ${rateLine(statsOf(loads), insertTps)}${cpuPerLead(cpuBeforeLoads, cpuAfterLoads, LEADS).replace("per lead", "per load")}; a phone's load and post together: CPU app ${(perPhone.app / LEADS).toFixed(1)} ms, PostgreSQL ${(perPhone.database / LEADS).toFixed(1)} ms`,
    );
    console.log(
      `  tokens posted: ${tokens.scan} a counted scan's, ${tokens.crowd} crowd tokens; scans counted ${counted} for ${LEADS} phones; visitor cookie set by the load ${cookies.load}, by the lead's answer ${cookies.post}${
        refusals.size ? `; refused: ${[...refusals].map(([why, n]) => `${n}× ${why}`).join(", ")}` : ""
      }`,
    );
  }
}

/**
 * One phone's load: the capture page from `address` (through nginx, which names it to the
 * instances), its cookies and the form's token from the HTML. `refused` when it gave no form.
 */
async function loadPage(campaignId, address) {
  const jar = new Map();
  const load = await request(PORTS.proxy, "GET", `/capture/${campaignId}`, {
    "user-agent": PHONE_UA,
    "accept-encoding": "gzip",
    "x-forwarded-for": address,
  });
  if (load.status !== 200) return { status: load.status, refused: `load ${load.status}` };
  keepCookies(jar, load.headers);
  const html = (load.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(load.body) : load.body).toString("utf8");
  const token = /name="scanToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) return { status: "no token", refused: "a page without a token" };
  return { address, jar, token, crowd: CROWD_TOKEN.test(token), cookieFromLoad: gotVisitorCookie(load.headers) };
}

/**
 * The same phone's post, as the page's script does, from its address and with its cookies,
 * keeping any it is given back. Resolves to the status and a refusal's reason.
 */
async function postLead(campaignId, phone, { name, email }) {
  const body = new URLSearchParams({ name, email, phone: "", scanToken: phone.token }).toString();
  const cookie = [...phone.jar].map(([key, value]) => `${key}=${value}`).join("; ");
  const answer = await request(
    PORTS.proxy,
    "POST",
    `/capture/${campaignId}/lead`,
    {
      "user-agent": PHONE_UA,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      "x-forwarded-for": phone.address,
      ...(phone.jar.size ? { cookie } : {}),
    },
    body,
  );
  keepCookies(phone.jar, answer.headers);
  let refused;
  if (answer.status !== 200) {
    let error = "";
    try {
      error = JSON.parse(answer.body.toString("utf8")).error ?? "";
    } catch {
      // not JSON
    }
    refused = `${answer.status} ${phone.crowd ? "crowd" : "scan"} token "${error}"`;
  }
  return { status: answer.status, cookieFromPost: gotVisitorCookie(answer.headers), refused };
}

function keepCookies(jar, headers) {
  for (const line of headers["set-cookie"] ?? []) {
    const [pair] = line.split(";");
    const equals = pair.indexOf("=");
    jar.set(pair.slice(0, equals).trim(), pair.slice(equals + 1));
  }
}

function gotVisitorCookie(headers) {
  return (headers["set-cookie"] ?? []).some((line) => line.startsWith("v_id=") || line.startsWith("leadqr.visitor="));
}

/** One request with its whole answer; status 0 when the connection failed. */
function request(port, method, pathname, headers, body) {
  return new Promise((resolve) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
    req.end(body);
  });
}

/**
 * Which client addresses the instances recorded (each consent record keeps its post's): the proof
 * that they trusted X-Forwarded-For. 10.x.y.z is a visitor's own address; 127.0.0.1 is this machine.
 */
async function addressesLine(campaignId) {
  const { rows } = await db.query(
    `select case when lc.client_address like '10.%' then 'own address (10.x.y.z)'
                 when lc.client_address like '100.64.%' then 'one network''s IPv4 address (100.64.x.y)'
                 when lc.client_address like '2001:db8:ca:%' then 'a phone''s own IPv6 address (2001:db8:ca:n::/64)'
                 when lc.client_address in ('127.0.0.1', '::ffff:127.0.0.1', '::1') then 'this machine (127.0.0.1)'
                 else 'other: ' || lc.client_address end as kind,
            count(*)::int as n, count(distinct lc.client_address)::int as distinct_addresses
       from lead_consent lc join lead l on l.id = lc.lead_id where l.campaign_id = $1 group by 1 order by 2 desc`,
    [campaignId],
  );
  const loopback = rows.find((row) => row.kind.startsWith("this machine"))?.n ?? 0;
  const verdict =
    ADDRESSES === "one"
      ? "BENCH_ADDRESSES=one"
      : loopback === 0
        ? "every lead from its visitor's address"
        : "NOT per visitor: the instances did not trust X-Forwarded-For";
  // The crowd budget's keys: one per network that posted crowd tokens (an IPv4 address or an IPv6 /64).
  const { rows: budgets } = await db.query(
    `select count(*) filter (where key not like 'leadByCrowdNetwork:%:%')::int as v4, count(*) filter (where key like 'leadByCrowdNetwork:%:%')::int as v6,
            coalesce(sum(points), 0)::int as points, min(key) as example
       from rate_limit where key like 'leadByCrowdNetwork:%'`,
  );
  const crowd = budgets[0];
  return `client addresses the consent records keep (${verdict}): ${rows.map((row) => `${row.kind} ${row.n} leads from ${row.distinct_addresses} addresses`).join(", ")}; crowd budgets spent: ${crowd.v4} IPv4 addresses and ${crowd.v6} IPv6 /64s, ${crowd.points} points${crowd.example ? ` (e.g. ${crowd.example})` : ""}`;
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

/** The instances' and PostgreSQL's CPU milliseconds between two readings. */
function cpuMs(before, after) {
  if (!before || !after) return { app: 0, database: 0 };
  const used = (key) => [...after[key]].reduce((sum, [pid, ms]) => sum + ms - (before[key].get(pid) ?? 0), 0);
  return { app: used("app"), database: used("database") };
}

function cpuPerLead(before, after, leads) {
  if (!before || !after) return "";
  const used = (key) => [...after[key]].reduce((sum, [pid, ms]) => sum + ms - (before[key].get(pid) ?? 0), 0) / leads;
  return `; CPU per lead: app ${used("app").toFixed(1)} ms, PostgreSQL ${used("database").toFixed(1)} ms`;
}

function rateLine(figures, insertTps) {
  return `${figures.perSecond.toFixed(0)}/s (${(figures.perSecond / insertTps).toFixed(3)}× INSERT), p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`;
}

function statusLine(statuses) {
  return [...statuses]
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
}

function count(totals, crowd, genuine, pairs, onePerPair = false) {
  totals.accepted += (crowd.statuses.get(200) ?? 0) + (crowd.pairStatuses.get(200) ?? 0);
  totals.posted += genuine + 2 * pairs;
  if (onePerPair) totals.pairs += pairs;
}

/**
 * One crowd of posts, CONCURRENCY at once: a visitor's own lead each, and every PAIR_EVERY-th
 * operation (while `pairs` last) two posts with `email(pair, side)`, at the same instant or, with
 * `inTurn`, the second when the first is answered; pairs are outside the genuine visitors' latencies.
 */
async function runCrowd({
  port,
  path: pathname,
  tokens: genuineTokens,
  pairs,
  pairTokens,
  email,
  inTurn = false,
  firstPair = 0,
  firstVisitor = 0,
  tag = "",
}) {
  const statuses = new Map();
  const pairStatuses = new Map();
  const tally = (map, status) => map.set(status, (map.get(status) ?? 0) + 1);
  const isPair = (index) => pairs > 0 && index % (PAIR_EVERY + 1) === PAIR_EVERY && Math.floor(index / (PAIR_EVERY + 1)) < pairs;
  const genuineOf = (index) => index - Math.min(pairs, Math.floor((index + 1) / (PAIR_EVERY + 1)));
  const form = (fields) => new URLSearchParams({ phone: "", ...fields }).toString();
  const run = await measure(genuineTokens.length + pairs, CONCURRENCY, async (index) => {
    if (isPair(index)) {
      const pair = Math.floor(index / (PAIR_EVERY + 1));
      // Each post of a pair carries its own token: its own visitor, from its own address.
      const postSide = (side) =>
        post(
          port,
          pathname,
          form({ name: `Pair ${firstPair + pair}`, email: email(firstPair + pair, side), scanToken: pairTokens[2 * pair + side] }),
          nextVisitorAddress(),
        );
      const answers = inTurn ? [await postSide(0), await postSide(1)] : await Promise.all([0, 1].map(postSide));
      for (const answer of answers) tally(pairStatuses, answer);
      return false;
    }
    const visitor = genuineOf(index);
    const answer = await post(
      port,
      pathname,
      form({ name: `Visitor ${visitor}`, email: `v${firstVisitor + visitor}-${tag}@bench.test`, scanToken: genuineTokens[visitor] }),
      nextVisitorAddress(),
    );
    tally(statuses, answer);
    return true;
  });
  return { ...run, statuses, pairStatuses };
}

/**
 * The clashing crowd against its two controls, ROUNDS rounds each, the order turning each round;
 * prints each crowd's genuine p99 pooled over the rounds, the clash's ratios to both controls (also
 * round by round, the noise a pooled ratio is read against), and what the clashing pairs became.
 */
async function compareClashes(clash, { insertTps, plainP99, campaignId, totals, script }) {
  const runs = Object.fromEntries(CLASH_CROWDS.map((kind) => [kind, []]));
  const cpu = Object.fromEntries(CLASH_CROWDS.map((kind) => [kind, { app: 0, database: 0 }]));
  const pairsPerRound = Math.floor(PAIRS / ROUNDS);
  const genuinePerRound = Math.floor(clash.control.tokens.length / ROUNDS);
  const warmUp = await runCrowd({ port: PORTS.proxy, path: script, tokens: clash.warmUp, pairs: 0, tag: "warm-up" });
  count(totals, warmUp, clash.warmUp.length, 0);
  for (let round = 0; round < ROUNDS; round++) {
    const order = CLASH_CROWDS.map((_, i) => CLASH_CROWDS[(i + round) % CLASH_CROWDS.length]);
    for (const kind of order) {
      const side = clash[kind];
      const before = await cpuNow();
      const crowd = await runCrowd({
        port: PORTS.proxy,
        path: script,
        tokens: side.tokens.slice(round * genuinePerRound, (round + 1) * genuinePerRound),
        pairs: pairsPerRound,
        pairTokens: side.pairTokens.slice(round * 2 * pairsPerRound, (round + 1) * 2 * pairsPerRound),
        email: side.email,
        inTurn: side.inTurn,
        firstPair: round * pairsPerRound,
        firstVisitor: round * genuinePerRound,
        tag: kind,
      });
      const used = cpuMs(before, await cpuNow());
      cpu[kind].app += used.app;
      cpu[kind].database += used.database;
      count(totals, crowd, genuinePerRound, pairsPerRound, kind !== "control");
      runs[kind].push(crowd);
    }
  }
  const posts = ROUNDS * (genuinePerRound + 2 * pairsPerRound);
  for (const kind of CLASH_CROWDS) {
    const crowd = runs[kind];
    const pairAnswers = new Map();
    for (const run of crowd) for (const [status, n] of run.pairStatuses) pairAnswers.set(status, (pairAnswers.get(status) ?? 0) + n);
    const genuine = new Map();
    for (const run of crowd) for (const [status, n] of run.statuses) genuine.set(status, (genuine.get(status) ?? 0) + n);
    console.log(
      `lead submissions, two instances, ${clash[kind].label.padEnd(19)} ${rateLine(statsOf(...crowd), insertTps)}; ${statusLine(genuine)}; pairs' answers ${statusLine(pairAnswers)}; CPU per post ${((cpu[kind].app + cpu[kind].database) / posts).toFixed(2)} ms (app ${(cpu[kind].app / posts).toFixed(2)}, PostgreSQL ${(cpu[kind].database / posts).toFixed(2)})`,
    );
  }
  const p99 = Object.fromEntries(CLASH_CROWDS.map((kind) => [kind, statsOf(...runs[kind]).p99]));
  const clashingAgainst = (kind) => {
    const perRound = runs.clashing.map((run, round) => statsOf(run).p99 / statsOf(runs[kind][round]).p99).sort((a, b) => a - b);
    return `${(p99.clashing / p99[kind]).toFixed(2)}× (round by round ${perRound[0].toFixed(2)}–${perRound.at(-1).toFixed(2)}×, median ${perRound[Math.floor(perRound.length / 2)].toFixed(2)}×)`;
  };
  const codesOf = async (prefix) =>
    (
      await db.query(`select count(*)::int as n from offer_code o join lead l on l.id = o.lead_id where o.campaign_id = $1 and l.email like $2`, [
        campaignId,
        `${prefix}%@bench.test`,
      ])
    ).rows[0].n;
  // Genuine leads written by a commit that wrote others too: stored by a batch, not alone.
  const batchedOf = async (kind) =>
    (
      await db.query(
        `with t as (select xmin::text as x, count(*) as n from lead where campaign_id = $1 group by 1)
         select count(*)::int as n from lead l join t on t.x = l.xmin::text where l.campaign_id = $1 and l.email like $2 and t.n > 1`,
        [campaignId, `v%-${kind}@bench.test`],
      )
    ).rows[0].n;
  const pairs = ROUNDS * pairsPerRound;
  console.log(
    `  genuine visitors' p99 with ${pairs} clashing pairs ${p99.clashing.toFixed(1)} ms; with as many pairs of one email in turn ${p99.repeat.toFixed(1)} ms: ${clashingAgainst("repeat")}; with as many pairs of two emails ${p99.control.toFixed(1)} ms: ${clashingAgainst("control")}${Number.isNaN(plainP99) ? "" : `; plain crowd ${plainP99.toFixed(1)} ms`}`,
  );
  console.log(
    `  ${await codesOf("pair")} codes for ${pairs} clashing emails, ${await codesOf("again")} for ${pairs} emails posted in turn; genuine leads stored in shared commits ${await batchedOf("clashing")} of ${ROUNDS * genuinePerRound} (one email in turn ${await batchedOf("repeat")}, two emails ${await batchedOf("control")})`,
  );
}

/**
 * Posts the form as a browser without JavaScript does, from `address` when given (through the
 * trusted proxy's header, else from 127.0.0.1); resolves to the status (0: connection failed).
 */
function post(port, pathname, body, address) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        agent,
        headers: {
          "user-agent": PHONE_UA,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          ...(address ? { "x-forwarded-for": address } : {}),
        },
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
