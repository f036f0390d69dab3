// Group commit for the scans of unlimited campaigns. Loads that arrive while a
// write is in flight wait for the next one, which writes all of them in one statement and one
// commit. Each visitor is answered only after the commit that holds their scan, so a crash can
// lose no scan anybody was shown a token for.
// Rules: docs/features/capture-and-leads.md ("Unlimited campaigns: group commit, no hot row").
import crypto from "node:crypto";
import type { Database } from "~/db/client.server";
import { preparedStatement, queryPrepared } from "~/db/prepared.server";
import type { ScanSource } from "~/db/schema";
import { BURST_WINDOW_MS } from "./bursts.server";
import { REPEAT_WINDOW_MINUTES, type ScanOs } from "./visitors";

const BURST_WINDOW_MINUTES = BURST_WINDOW_MS / 60_000;

export type UnlimitedScan = {
  campaignId: string;
  deviceType: "mobile" | "desktop";
  os: ScanOs | null;
  visitorHash: string | null;
  source: ScanSource;
  /** Already checked to be a UUID; kept only when the placement belongs to the campaign. */
  placementId: string | null;
  /**
   * The load's client (`clientBudgetKey`) and allowance when its visitor is new to this process's
   * burst window: the batch then holds the client to the allowance across every process.
   */
  burst?: { clientKey: string; allowance: number } | null;
};

export type BatchedScanResult = { counted: true; scanId: string } | { counted: false; repeatOf?: string; burst?: true };

/** Writes in flight at once per process; beyond that, loads queue and join the next write. */
export const MAX_WRITES_IN_FLIGHT = 1;
/** Scans per statement: bounds one statement's time and the JSON it carries. */
export const MAX_SCANS_PER_WRITE = 256;
/** Loads waiting for a write beyond this are answered "busy" at once instead of waiting longer. */
export const MAX_QUEUED_SCANS = 4 * MAX_SCANS_PER_WRITE;

/** The queue is full: the database is not keeping up, so this load gets the fast "try again" answer. */
export class ScanQueueFullError extends Error {
  constructor() {
    super("too many scans waiting to be written");
  }
}

type Waiting = { id: string; scan: UnlimitedScan; resolve: (result: BatchedScanResult) => void; reject: (error: unknown) => void };

/** `writing`: the visitors (campaign|hash) whose scans are in a write now. */
type Batcher = { queue: Waiting[]; inFlight: number; writing: Set<string> };

const batchers = new WeakMap<Database, Batcher>();

/** Counts one scan of an unlimited campaign, or says it repeats this visitor's scan of a few minutes ago. */
export function recordUnlimitedScan(db: Database, scan: UnlimitedScan): Promise<BatchedScanResult> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], inFlight: 0, writing: new Set() };
    batchers.set(db, batcher);
  }
  const queued = batcher;
  if (queued.queue.length >= MAX_QUEUED_SCANS) return Promise.reject(new ScanQueueFullError());
  return new Promise((resolve, reject) => {
    // The id is chosen here so each answer can be matched to its row without relying on order.
    queued.queue.push({ id: crypto.randomUUID(), scan, resolve, reject });
    drain(db, queued);
  });
}

function drain(db: Database, batcher: Batcher) {
  while (batcher.inFlight < MAX_WRITES_IN_FLIGHT && batcher.queue.length > 0) {
    const { batch, visitors } = takeBatch(batcher);
    if (batch.length === 0) return;
    batcher.inFlight += 1;
    for (const visitor of visitors) batcher.writing.add(visitor);
    writeBatch(db, batch)
      .then(
        (results) => batch.forEach((waiting) => waiting.resolve(results.get(waiting.id) ?? { counted: false })),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
      )
      .finally(() => {
        batcher.inFlight -= 1;
        for (const visitor of visitors) batcher.writing.delete(visitor);
        drain(db, batcher);
      });
  }
}

/**
 * The next batch, in arrival order. A second load by the same visitor of the same campaign waits
 * until the first one's write is done, then sees its row and is answered as a repeat (in this
 * process; two processes may each count one load of a visitor arriving at the same instant).
 */
function takeBatch(batcher: Batcher) {
  const batch: Waiting[] = [];
  const later: Waiting[] = [];
  const visitors = new Set<string>();
  for (const waiting of batcher.queue) {
    const visitor = waiting.scan.visitorHash === null ? null : `${waiting.scan.campaignId}|${waiting.scan.visitorHash}`;
    if (batch.length >= MAX_SCANS_PER_WRITE || (visitor !== null && (visitors.has(visitor) || batcher.writing.has(visitor)))) {
      later.push(waiting);
      continue;
    }
    if (visitor !== null) visitors.add(visitor);
    batch.push(waiting);
  }
  batcher.queue = later;
  return { batch, visitors };
}

type Row = { id: string; counted: boolean; repeat_of: string | null; burst: boolean };

/**
 * One statement for a batch, `$1` its scans as JSON: each scan is inserted unless the same visitor
 * scanned the campaign within the repeat window (then it answers that scan's id), and only while
 * the campaign is active. A scan whose visitor is new to its process's burst window also counts
 * against its client's window in `capture_burst`, shared by every process: the upsert takes the
 * client's row, so concurrent batches see each other's visitors, and a scan past the allowance is
 * not inserted and answers `burst` (docs/features/crowds.md). Unique means no earlier scan by this visitor today (the salt, and so the
 * hash, changes daily). Prepared once per connection: planning it cost PostgreSQL
 * about as much as running it for a batch of five.
 */
const WRITE_SCANS = preparedStatement(
  "unlimited_scans",
  `with input as (
      select * from json_to_recordset($1::json)
        as v(id uuid, campaign_id uuid, device_type text, os text, visitor_hash text, source text, placement_id uuid,
          client_key text, allowance int)
    ),
    checked as (
      select i.*, latest.id as latest_id, coalesce(latest.recent, false) as recent
      from input i
      left join lateral (
        select s.id, s."timestamp" > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES}) as recent
        from scan s
        where s.campaign_id = i.campaign_id and s.visitor_hash = i.visitor_hash
        order by s."timestamp" desc
        limit 1
      ) latest on i.visitor_hash is not null
    ),
    fresh as (
      select c.id, c.client_key, c.allowance, row_number() over (partition by c.client_key order by c.id) as nth,
        count(*) over (partition by c.client_key) as n
      from checked c
      where c.client_key is not null and not c.recent
    ),
    windows as (
      insert into capture_burst as b (client_key, window_start, visitors)
      -- In one order, so that two batches never wait for each other's rows crosswise.
      select client_key, now(), max(n) from fresh group by client_key order by client_key
      on conflict (client_key) do update set
        window_start = case when b.window_start <= now() - interval '${BURST_WINDOW_MINUTES} minutes' then now() else b.window_start end,
        visitors = case when b.window_start <= now() - interval '${BURST_WINDOW_MINUTES} minutes' then excluded.visitors else b.visitors + excluded.visitors end
      returning b.client_key, b.visitors
    ),
    burst as (
      select f.id from fresh f join windows w on w.client_key = f.client_key
      where w.visitors - f.n + f.nth > f.allowance
    ),
    inserted as (
      insert into scan (id, campaign_id, device_type, os, location, visitor_hash, is_unique, source, placement_id)
      select c.id, c.campaign_id, c.device_type, c.os, null, c.visitor_hash, c.latest_id is null, c.source,
        (select p.id from placement p where p.id = c.placement_id and p.campaign_id = c.campaign_id)
      from checked c
      where not c.recent and not exists (select 1 from burst where burst.id = c.id)
        and exists (select 1 from campaign where id = c.campaign_id and status = 'active')
      returning id
    )
    select c.id::text as id, exists (select 1 from inserted where inserted.id = c.id) as counted,
      case when c.recent then c.latest_id::text end as repeat_of, exists (select 1 from burst where burst.id = c.id) as burst
    from checked c`,
);

async function writeBatch(db: Database, batch: Waiting[]) {
  const input = batch.map(({ id, scan }) => ({
    id,
    campaign_id: scan.campaignId,
    device_type: scan.deviceType,
    os: scan.os,
    visitor_hash: scan.visitorHash,
    source: scan.source,
    placement_id: scan.placementId,
    client_key: scan.burst?.clientKey ?? null,
    allowance: scan.burst?.allowance ?? null,
  }));
  const rows = await queryPrepared<Row>(db, WRITE_SCANS, JSON.stringify(input));
  const results = new Map<string, BatchedScanResult>();
  for (const row of rows) {
    results.set(
      row.id,
      row.counted
        ? { counted: true, scanId: row.id }
        : row.repeat_of
          ? { counted: false, repeatOf: row.repeat_of }
          : row.burst
            ? { counted: false, burst: true }
            : { counted: false },
    );
  }
  return results;
}
