// Prometheus metrics for operators: request counts, lead outcomes by reason, and
// outbox depths and ages read from the database at scrape time (so every instance reports the
// same queues). Counters are this process's; Prometheus scrapes each instance.
// Rules: docs/decisions/302-metrics-with-prom-client.md.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { getEnv } from "./env.server";
import { getServices } from "./services.server";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "leadqr_" });

const httpRequests = new Counter({
  name: "leadqr_http_requests_total",
  help: "HTTP requests answered, by method, status class and area of the site.",
  labelNames: ["method", "status", "area"] as const,
  registers: [metricsRegistry],
});

const leadSubmissions = new Counter({
  name: "leadqr_lead_submissions_total",
  help: "Capture form submissions: accepted, or refused with the reason.",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

const queueDepth = new Gauge({
  name: "leadqr_queue_depth",
  help: "Outbox rows waiting (pending, or sending under a lease), by queue.",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
});

const queueAge = new Gauge({
  name: "leadqr_queue_oldest_age_seconds",
  help: "Age of the oldest waiting outbox row that is due, by queue (0 when none).",
  labelNames: ["queue"] as const,
  registers: [metricsRegistry],
});

// Registered on the first scrape that finds a replica configured: without one, nothing to show.
const replicaLag = new Gauge({
  name: "leadqr_replica_lag_seconds",
  help: "How far the read replica is behind the primary at its last check (0 when caught up; NaN when unreachable).",
  registers: [],
});

const replicaInUse = new Gauge({
  name: "leadqr_replica_in_use",
  help: "1 while readers are served by the read replica, 0 while it is bypassed (lagging over 30 s, or down).",
  registers: [],
});

/** Case-insensitive as the router is: printed codes encode `/Q/{CODE}` in upper case (byte-lean QR). */
const AREAS: Array<[RegExp, string]> = [
  [/^\/capture\//i, "capture"],
  [/^\/q\//i, "capture"],
  [/^\/api\/v1(?:\/|$)/i, "api"],
  [/^\/assets\//, "assets"],
];

/** A bounded label for a path: never the path itself (ids would explode the series). */
export function areaOf(path: string) {
  for (const [pattern, area] of AREAS) if (pattern.test(path)) return area;
  return "pages";
}

export function countRequest(method: string, path: string, status: number) {
  httpRequests.inc({
    method: method === "GET" || method === "POST" || method === "HEAD" ? method : "other",
    status: `${Math.floor(status / 100)}xx`,
    area: areaOf(path),
  });
}

export function countLeadSubmission(outcome: string) {
  leadSubmissions.inc({ outcome });
}

async function readQueues() {
  const { db } = await getServices();
  const result = await db.execute(sql`
    select 'email' as queue, count(*)::int as depth,
           coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8 as age
      from email_outbox where status in ('pending', 'sending')
    union all
    select 'webhook', count(*)::int,
           coalesce(extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now())), 0)::float8
      from webhook_delivery where status in ('pending', 'sending')`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<{ queue: string; depth: number; age: number }>;
  for (const row of rows) {
    queueDepth.set({ queue: row.queue }, Number(row.depth));
    queueAge.set({ queue: row.queue }, Math.max(0, Number(row.age)));
  }
}

/** The lag the background check last measured: a scrape never queries the replica itself. */
async function readReplica() {
  const { database } = await getServices();
  if (!database.replica) return;
  if (!metricsRegistry.getSingleMetric("leadqr_replica_lag_seconds")) {
    metricsRegistry.registerMetric(replicaLag);
    metricsRegistry.registerMetric(replicaInUse);
  }
  const status = database.replica.status();
  replicaLag.set(status.lagSeconds ?? Number.NaN);
  replicaInUse.set(status.inUse ? 1 : 0);
}

function sameToken(given: string, expected: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export type MetricsAnswer = { status: number; headers: Record<string, string>; body: string };

/** GET /metrics: 404 when no METRICS_TOKEN is set, 401 without the right Bearer token. */
export async function answerMetrics(authorization: string | undefined, expected = getEnv().METRICS_TOKEN): Promise<MetricsAnswer> {
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!expected) return { status: 404, headers: text, body: "Not found." };
  const given = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
  if (!given || !sameToken(given, expected)) {
    return { status: 401, headers: { ...text, "WWW-Authenticate": 'Bearer realm="metrics"' }, body: "Unauthorized." };
  }
  await readQueues();
  await readReplica();
  return {
    status: 200,
    headers: { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" },
    body: await metricsRegistry.metrics(),
  };
}
