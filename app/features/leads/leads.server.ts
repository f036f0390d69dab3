import { and, asc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { campaign, placement } from "~/db/schema";
import { FREE_VISIBLE_LEADS } from "~/features/billing/plan";
import { campaignLeadsOfC } from "~/features/scans/scan-count.server";
import { REDEEMED_AT_JOIN_SQL, REDEEMED_AT_SQL } from "~/features/redeem/offer-codes.server";
import { campaignInScope, placementIn, type PlacementScope } from "~/features/team/scope.server";
import { calendarDay, formatCollectedAt, likePattern, maskLead } from "./leads";
import { LEADS_PAGE_SIZE, SEARCH_COUNT_CAP, type LeadsQuery } from "./leads.schema";

export type LeadRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  campaign: string;
  /** The placement whose QR code brought the lead; null for the campaign's own code or link. */
  placement: string | null;
  /** As the owner reads it, in their time zone. */
  collectedAt: string;
  collectedAtIso: string;
  /** When the lead's offer code was redeemed at the counter. */
  redeemedAt: string | null;
  redeemedAtIso: string | null;
  isMasked: boolean;
};

export type LeadsPage = {
  leads: LeadRow[];
  matching: number;
  /** A search matched more than `matching` leads: its count stopped there (SEARCH_COUNT_CAP). */
  moreMatching: boolean;
  /** Leads of this view that are masked for a free owner (0 for Pro). */
  hidden: number;
  page: number;
  pageCount: number;
  stats: { total: number; thisWeek: number; today: number };
  campaigns: Array<{ id: string; title: string }>;
  placements: Array<{ id: string; name: string; campaign: string }>;
};

export type Owner = {
  userId: string;
  isPro: boolean;
  /** A member's placements (docs/features/team.md): only leads that came through them, only campaigns that have one. */
  placementIds?: PlacementScope;
};

/**
 * The view's conditions. A search matches only values the viewer may read: for a free owner
 * (`visible` given) only their unmasked leads, so a masked lead can never be found, counted or
 * told apart by what it holds.
 */
export type ViewQuery = Pick<LeadsQuery, "q" | "campaign"> & { placement?: string | undefined };

const isScoped = (scope: PlacementScope | undefined): scope is readonly string[] => scope !== undefined && scope !== null;

export function viewFilter(query: ViewQuery, visible: Set<string> | null, scope?: PlacementScope): { campaign: SQL; lead: SQL } {
  const inScope = isScoped(scope);
  const campaignFilter = sql`${query.campaign ? sql` and c.id = ${query.campaign}` : sql``}${inScope ? sql` and ${campaignInScope(sql`c.id`, scope)}` : sql``}`;
  const placementFilter = sql`${query.placement ? sql` and l.placement_id = ${query.placement}` : sql``}${
    inScope ? sql` and ${placementIn(sql`l.placement_id`, scope)}` : sql``
  }`;
  if (!query.q) return { campaign: campaignFilter, lead: placementFilter };
  const readable = visible === null ? sql`` : sql` and ${onlyIds(visible)}`;
  return {
    campaign: campaignFilter,
    lead: sql`${placementFilter} and ${leadMatches(query.q)}${readable}`,
  };
}

/**
 * A lead matches a search when its name, email or phone holds the term, ignoring case:
 * search_text is the three lowered by PostgreSQL (schema), and the term is lowered the same way.
 */
export function leadMatches(term: string, searchText: SQL | AnyColumn = sql.raw("l.search_text")): SQL {
  return sql`${searchText} like lower(${likePattern(term)})`;
}

export function onlyIds(ids: Set<string>): SQL {
  if (ids.size === 0) return sql`false`;
  return sql`l.id in (${sql.join(
    [...ids].map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

export type ListVisibleLeadIdsOptions = { userId: string };

/**
 * The ids a free owner sees unmasked: their first FREE_VISIBLE_LEADS leads, oldest first, over
 * all their campaigns. Each campaign contributes at most that many (read from its index).
 */
export async function listVisibleLeadIds(db: Database, { userId }: ListVisibleLeadIdsOptions): Promise<Set<string>> {
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

const PAGES_READ_BEFORE_COUNTED = 1_000;

export type ListLeadsOptions = Owner & { query: LeadsQuery; timeZone: string; now?: Date };

/** One page of the owner's leads, newest first, with the cards' counts; masked for free owners. */
export async function listLeads(db: Database, options: ListLeadsOptions): Promise<LeadsPage> {
  const { userId, query, timeZone } = options;
  const today = calendarDay(options.now ?? new Date(), timeZone);
  const visible = options.isPro ? null : await listVisibleLeadIds(db, { userId });
  const scope = options.placementIds;
  const filter = viewFilter(query, visible, scope);

  // The page is read while the matches are counted, and re-read only when it lies past the last
  // one (a stale link), which the count alone can tell. A page far down waits for the count, so a
  // made-up page number cannot make the database walk every lead.
  const pageAt = (page: number) => readLeadsPage(db, { userId, query, filter, page, scope });
  const readsAlongside = query.page <= PAGES_READ_BEFORE_COUNTED;
  const [campaigns, placements, stats, counted, requested] = await Promise.all([
    db
      .select({ id: campaign.id, title: campaign.title })
      .from(campaign)
      .where(and(eq(campaign.userId, userId), campaignInScope(sql`${campaign.id}`, scope)))
      .orderBy(asc(campaign.title), asc(campaign.id)),
    db
      .select({ id: placement.id, name: placement.name, campaign: campaign.title })
      .from(placement)
      .innerJoin(campaign, eq(campaign.id, placement.campaignId))
      .where(and(eq(campaign.userId, userId), placementIn(sql`${placement.id}`, scope)))
      .orderBy(asc(campaign.title), asc(placement.name), asc(placement.id)),
    // The total from the campaigns' kept counts; the windows counted per campaign as ranges of
    // the (campaign_id, collected_at) index (index-only scans). A member's kept counts would hold
    // every location: their leads are counted.
    db.execute(sql`
      select coalesce(sum(${isScoped(scope) ? sql`(select count(*) from lead l where l.campaign_id = c.id and ${placementIn(sql`l.placement_id`, scope)})` : campaignLeadsOfC}), 0)::int as total,
        coalesce(sum((select count(*) from lead l where l.campaign_id = c.id and ${placementIn(sql`l.placement_id`, scope)}
          and l.collected_at >= ((${today}::date - 6)::timestamp at time zone ${timeZone}))), 0)::int as "thisWeek",
        coalesce(sum((select count(*) from lead l where l.campaign_id = c.id and ${placementIn(sql`l.placement_id`, scope)}
          and l.collected_at >= (${today}::date::timestamp at time zone ${timeZone}))), 0)::int as today
      from campaign c where c.user_id = ${userId} and ${campaignInScope(sql`c.id`, scope)}`),
    countMatching(db, { userId, query, filter, page: query.page, scope }),
    readsAlongside ? pageAt(query.page) : null,
  ]);

  const cards = rowsOf<{ total: number; thisWeek: number; today: number }>(stats)[0]!;
  const { matching, moreMatching } = counted ?? { matching: cards.total, moreMatching: false };
  const pageCount = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = requested && page === query.page ? requested : await pageAt(page);

  const leads = rows.map((row) => {
    const isMasked = visible !== null && !visible.has(row.id);
    const contact = isMasked ? maskLead(row) : row;
    const collectedAt = new Date(Number(row.collectedAt));
    return {
      id: row.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      campaign: row.campaign,
      placement: row.placement,
      collectedAt: formatCollectedAt(collectedAt, timeZone),
      collectedAtIso: collectedAt.toISOString(),
      redeemedAt: row.redeemedAt === null ? null : formatCollectedAt(new Date(Number(row.redeemedAt)), timeZone),
      redeemedAtIso: row.redeemedAt === null ? null : new Date(Number(row.redeemedAt)).toISOString(),
      isMasked,
    };
  });

  return { leads, matching, moreMatching, hidden: await countHidden(), page, pageCount, stats: cards, campaigns, placements };

  async function countHidden() {
    if (visible === null) return 0;
    if (visible.size === 0) return matching;
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`
        select count(*)::int as count from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${userId}${filter.campaign}${filter.lead} and ${onlyIds(visible)}`),
    );
    return matching - (row?.count ?? 0);
  }
}

type ViewOfOwner = { userId: string; query: ViewQuery; filter: ReturnType<typeof viewFilter>; scope?: PlacementScope };

/**
 * How many leads the view holds, or null for all of them (the cards' total). A campaign alone is
 * read from its kept count and a placement is counted; a search is counted up to
 * SEARCH_COUNT_CAP, or up to the page asked for when that lies deeper, so that a page's "Next"
 * is always known.
 */
async function countMatching(
  db: Database,
  { userId, query, filter, page, scope }: ViewOfOwner & { page: number },
): Promise<{ matching: number; moreMatching: boolean } | null> {
  if (query.q) {
    const cap = Math.max(SEARCH_COUNT_CAP, page * LEADS_PAGE_SIZE);
    const result = await db.execute(sql`
      select count(*)::int as count from (
        select 1 from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${userId}${filter.campaign}${filter.lead}
        limit ${cap + 1}
      ) counted`);
    const count = rowsOf<{ count: number }>(result)[0]!.count;
    return { matching: Math.min(count, cap), moreMatching: count > cap };
  }
  if (query.placement || isScoped(scope)) {
    const result = await db.execute(sql`
      select count(*)::int as count from lead l join campaign c on c.id = l.campaign_id
      where c.user_id = ${userId}${filter.campaign}${filter.lead}`);
    return { matching: rowsOf<{ count: number }>(result)[0]!.count, moreMatching: false };
  }
  if (query.campaign) {
    const result = await db.execute(sql`select ${campaignLeadsOfC} as count from campaign c where c.user_id = ${userId}${filter.campaign}`);
    return { matching: rowsOf<{ count: number }>(result)[0]?.count ?? 0, moreMatching: false };
  }
  return null;
}

/** A LeadRow as the database returns it: instants as epoch milliseconds, not yet masked. */
type PageRow = Pick<LeadRow, "id" | "name" | "email" | "phone" | "campaign" | "placement"> & {
  collectedAt: number;
  redeemedAt: number | null;
};

/**
 * One page of the view, newest first. Without a search and near the top: newest first per
 * campaign from the (campaign_id, collected_at) index, then merged, reading at most campaigns ×
 * (offset + page size) rows instead of sorting all the owner's leads. A search (the trigram index
 * finds a rare term; a common one stops after a page) and deep pages (the (collected_at, id)
 * index walked newest first) are cheaper as one query over the owner's leads.
 */
async function readLeadsPage(db: Database, { userId, query, filter, page }: ViewOfOwner & { page: number }): Promise<PageRow[]> {
  const offset = (page - 1) * LEADS_PAGE_SIZE;
  const isShallow = !query.q && offset + LEADS_PAGE_SIZE <= 500;
  const picked = isShallow
    ? sql`
        select l.*, c.title from campaign c
        cross join lateral (
          select l.id, l.campaign_id, l.name, l.email, l.phone, l.collected_at, l.placement_id, l.claimant_key from lead l
          where l.campaign_id = c.id${filter.lead}
          order by l.collected_at desc, l.id desc
          limit ${offset + LEADS_PAGE_SIZE}
        ) l
        where c.user_id = ${userId}${filter.campaign}
        order by l.collected_at desc, l.id desc
        limit ${LEADS_PAGE_SIZE} offset ${offset}`
    : sql`
        select l.id, l.campaign_id, l.name, l.email, l.phone, l.collected_at, l.placement_id, l.claimant_key, c.title
        from lead l join campaign c on c.id = l.campaign_id
        where c.user_id = ${userId}${filter.campaign}${filter.lead}
        order by l.collected_at desc, l.id desc
        limit ${LEADS_PAGE_SIZE} offset ${offset}`;
  // The page's rows are picked first and only they are dressed (placement, redemption): in one
  // query PostgreSQL would compute those for every row the offset skips too.
  const result = await db.execute(sql`
    select l.id, l.name, l.email, l.phone, l.title as campaign, p.name as placement,
      (extract(epoch from l.collected_at) * 1000)::float8 as "collectedAt",
      ${REDEEMED_AT_SQL} as "redeemedAt"
    from (${picked}) l
    left join placement p on p.id = l.placement_id
    ${REDEEMED_AT_JOIN_SQL}
    order by l.collected_at desc, l.id desc`);
  return rowsOf<PageRow>(result);
}
