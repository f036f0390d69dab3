import { once } from "node:events";
import { PassThrough } from "node:stream";
import { stringify } from "csv-stringify/sync";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign } from "~/db/schema";
import { FREE_VISIBLE_LEADS } from "~/features/billing/plan";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { calendarDay, CSV_COLUMNS, csvRow, formatCollectedAt, likePattern, maskLead } from "./leads";
import { LEADS_PAGE_SIZE, type LeadsQuery } from "./leads.schema";

export type LeadRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  campaign: string;
  /** As the owner reads it, in their time zone. */
  collectedAt: string;
  collectedAtIso: string;
  isMasked: boolean;
};

export type LeadsPage = {
  leads: LeadRow[];
  matching: number;
  /** Leads of this view that are masked for a free owner (0 for Pro). */
  hidden: number;
  page: number;
  pageCount: number;
  stats: { total: number; thisWeek: number; today: number };
  campaigns: Array<{ id: string; title: string }>;
};

type Owner = { userId: string; isPro: boolean };

// Raw results differ by driver only in shape; both carry `rows`.
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function viewFilter(query: Pick<LeadsQuery, "q" | "campaign">): { campaign: SQL; lead: SQL } {
  const campaignFilter = query.campaign ? sql` and c.id = ${query.campaign}` : sql``;
  if (!query.q) return { campaign: campaignFilter, lead: sql`` };
  const pattern = likePattern(query.q);
  return {
    campaign: campaignFilter,
    lead: sql` and (l.name ilike ${pattern} or l.email ilike ${pattern} or coalesce(l.phone, '') ilike ${pattern})`,
  };
}

/**
 * The ids a free owner sees unmasked: their first FREE_VISIBLE_LEADS leads, oldest first, over
 * all their campaigns. Each campaign contributes at most that many (read from its index).
 */
export async function listVisibleLeadIds(db: Database, userId: string): Promise<Set<string>> {
  const result = await db.execute(sql`
    select x.id from campaign c
    cross join lateral (
      select l.id, l.collected_at from lead l where l.campaign_id = c.id
      order by l.collected_at, l.id limit ${FREE_VISIBLE_LEADS}
    ) x
    where c.user_id = ${userId}
    order by x.collected_at, x.id
    limit ${FREE_VISIBLE_LEADS}`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
}

/** One page of the owner's leads, newest first, with the cards' counts; masked for free owners. */
export async function listLeads(options: Owner & { query: LeadsQuery; timeZone: string; now?: Date }): Promise<LeadsPage> {
  const { db } = await getServices();
  const { userId, query, timeZone } = options;
  const today = calendarDay(options.now ?? new Date(), timeZone);
  const filter = viewFilter(query);
  const isFiltered = Boolean(query.q || query.campaign);

  const [campaigns, stats, matchingCount, visible] = await Promise.all([
    db
      .select({ id: campaign.id, title: campaign.title })
      .from(campaign)
      .where(eq(campaign.userId, userId))
      .orderBy(asc(campaign.title), asc(campaign.id)),
    // Counted per campaign from the (campaign_id, collected_at) index alone: index-only scans,
    // the windows as index ranges.
    db.execute(sql`
      select coalesce(sum(x.total), 0)::int as total, coalesce(sum(x.week), 0)::int as "thisWeek",
        coalesce(sum(x.today), 0)::int as today
      from (
        select
          (select count(*) from lead l where l.campaign_id = c.id) as total,
          (select count(*) from lead l where l.campaign_id = c.id
            and l.collected_at >= ((${today}::date - 6)::timestamp at time zone ${timeZone})) as week,
          (select count(*) from lead l where l.campaign_id = c.id
            and l.collected_at >= (${today}::date::timestamp at time zone ${timeZone})) as today
        from campaign c where c.user_id = ${userId}
      ) x`),
    isFiltered
      ? db.execute(sql`
          select count(*)::int as count from lead l join campaign c on c.id = l.campaign_id
          where c.user_id = ${userId}${filter.campaign}${filter.lead}`)
      : null,
    options.isPro ? null : listVisibleLeadIds(db, userId),
  ]);

  const cards = rowsOf<{ total: number; thisWeek: number; today: number }>(stats)[0]!;
  const matching = matchingCount ? rowsOf<{ count: number }>(matchingCount)[0]!.count : cards.total;
  const pageCount = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const offset = (page - 1) * LEADS_PAGE_SIZE;

  // Newest first per campaign from the (campaign_id, collected_at) index, then merged: a page
  // reads at most campaigns × (offset + page size) rows instead of sorting all the owner's
  // leads. A search (few matches: the trigram indexes find them) and deep pages (the
  // (collected_at, id) index walked newest first) are cheaper as one query over the owner's leads.
  const isShallow = !query.q && offset + LEADS_PAGE_SIZE <= 500;
  const result = await db.execute(
    isShallow
      ? sql`
        select l.id, l.name, l.email, l.phone, c.title as campaign,
          (extract(epoch from l.collected_at) * 1000)::float8 as "collectedAt"
        from campaign c
        cross join lateral (
          select l.id, l.name, l.email, l.phone, l.collected_at from lead l
          where l.campaign_id = c.id${filter.lead}
          order by l.collected_at desc, l.id desc
          limit ${offset + LEADS_PAGE_SIZE}
        ) l
        where c.user_id = ${userId}${filter.campaign}
        order by l.collected_at desc, l.id desc
        limit ${LEADS_PAGE_SIZE} offset ${offset}`
      : sql`
        select l.id, l.name, l.email, l.phone, c.title as campaign,
          (extract(epoch from l.collected_at) * 1000)::float8 as "collectedAt"
        from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${userId}${filter.campaign}${filter.lead}
        order by l.collected_at desc, l.id desc
        limit ${LEADS_PAGE_SIZE} offset ${offset}`,
  );

  const leads = rowsOf<{ id: string; name: string; email: string; phone: string | null; campaign: string; collectedAt: number }>(
    result,
  ).map((row) => {
    const isMasked = visible !== null && !visible.has(row.id);
    const contact = isMasked ? maskLead(row) : row;
    const collectedAt = new Date(Number(row.collectedAt));
    return {
      id: row.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      campaign: row.campaign,
      collectedAt: formatCollectedAt(collectedAt, timeZone),
      collectedAtIso: collectedAt.toISOString(),
      isMasked,
    };
  });

  return { leads, matching, hidden: await countHidden(), page, pageCount, stats: cards, campaigns };

  async function countHidden() {
    if (visible === null) return 0;
    if (visible.size === 0) return matching;
    const ids = sql.join([...visible].map((id) => sql`${id}::uuid`), sql`, `);
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`
        select count(*)::int as count from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${userId}${filter.campaign}${filter.lead} and l.id in (${ids})`),
    );
    return matching - (row?.count ?? 0);
  }
}

const CSV_BATCH = 1_000;

/**
 * The current view as CSV, streamed from a server-side cursor in batches (constant memory).
 * Free owners get only the leads they see unmasked, so a masked value never leaves.
 */
export async function streamLeadsCsv(options: Owner & { query: Pick<LeadsQuery, "q" | "campaign"> }) {
  const { db } = await getServices();
  const filter = viewFilter(options.query);
  const visible = options.isPro ? null : [...(await listVisibleLeadIds(db, options.userId))];
  const onlyVisible =
    visible === null
      ? sql``
      : visible.length === 0
        ? sql` and false`
        : sql` and l.id in (${sql.join(visible.map((id) => sql`${id}::uuid`), sql`, `)})`;

  const csv = new PassThrough();
  const toCsv = (records: string[][]) => stringify(records, { record_delimiter: "windows" });
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  csv.write(`\uFEFF${toCsv([[...CSV_COLUMNS]])}`);

  const pump = async () => {
    await db.transaction(async (tx) => {
      // The whole result is read: plan for total time, not for the first rows (cursor default).
      await tx.execute(sql`set local cursor_tuple_fraction = 1.0`);
      await tx.execute(sql`
        declare leads_csv no scroll cursor for
        select l.name, l.email, l.phone, c.title as campaign,
          (extract(epoch from l.collected_at) * 1000)::float8 as "collectedAt"
        from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${options.userId}${filter.campaign}${filter.lead}${onlyVisible}
        order by l.collected_at desc, l.id desc`);
      for (;;) {
        const rows = rowsOf<{ name: string; email: string; phone: string | null; campaign: string; collectedAt: number }>(
          await tx.execute(sql.raw(`fetch forward ${CSV_BATCH} from leads_csv`)),
        );
        if (rows.length > 0) {
          const chunk = toCsv(rows.map((row) => csvRow({ ...row, collectedAt: new Date(Number(row.collectedAt)) })));
          if (!csv.write(chunk)) await drained(csv);
          if (csv.destroyed) throw new DownloadAbortedError();
        }
        if (rows.length < CSV_BATCH) break;
      }
    });
    csv.end();
  };
  pump().catch((error) => {
    if (!(error instanceof DownloadAbortedError)) logger.error({ err: error }, "CSV export failed");
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return csv;
}

class DownloadAbortedError extends Error {}

/** Resolves when the reader wants more, or when it went away (then the export stops). */
function drained(stream: NodeJS.WritableStream & { destroyed: boolean }) {
  if (stream.destroyed) return Promise.resolve();
  const controller = new AbortController();
  return Promise.race([
    once(stream, "drain", { signal: controller.signal }),
    once(stream, "close", { signal: controller.signal }),
  ])
    .catch(() => {})
    .finally(() => controller.abort());
}
