// Who redeemed and where, over the last 7 and 30 days: the dashboard's two tables.
// Rules: docs/features/team.md ("At the counter").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { redeemerText } from "./code";

/** One row of a table: a location or a person, with their redemptions in each window. */
export type RedemptionRow = { name: string; lastWeek: number; lastMonth: number };
export type RedemptionReport = { byLocation: RedemptionRow[]; byPerson: RedemptionRow[] };

/**
 * The business's redemptions of the last 30 days by location (as kept on the code when it was
 * redeemed) and by who redeemed (a member, the owner, or a shared device by its link's name).
 * `locationIds` limits them to codes of placements at those locations (a member's scope); null:
 * every code.
 */
export async function countRedemptionsByPlaceAndPerson(
  db: Database,
  options: { userId: string; locationIds?: string[] | null },
): Promise<RedemptionReport> {
  const scoped = options.locationIds
    ? sql`and exists (select 1 from lead l join placement p on p.id = l.placement_id
        where l.id = o.lead_id and p.location_id in (${
          options.locationIds.length
            ? sql.join(
                options.locationIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )
            : sql`null`
        }))`
    : sql``;
  const rows = rowsOf<{ place: string | null; by: string | null; week: number; month: number }>(
    await db.execute(sql`
      select o.redeemed_location as place, o.redeemed_by as by,
        count(*) filter (where o.redeemed_at >= now() - interval '7 days')::int as week, count(*)::int as month
      from offer_code o
      where o.user_id = ${options.userId} and o.redeemed_at >= now() - interval '30 days' ${scoped}
      group by 1, 2`),
  );
  return {
    byLocation: tally(rows, (row) => row.place),
    byPerson: tally(rows, (row) => redeemerText(row.by)),
  };
}

/** Rows summed by `nameOf` (null: left unnamed, for the screen to word, and listed last), most redemptions first. */
function tally<T extends { week: number; month: number }>(rows: T[], nameOf: (row: T) => string | null): RedemptionRow[] {
  const byName = new Map<string, RedemptionRow>();
  for (const row of rows) {
    const name = nameOf(row) ?? "";
    const entry = byName.get(name) ?? { name, lastWeek: 0, lastMonth: 0 };
    entry.lastWeek += row.week;
    entry.lastMonth += row.month;
    byName.set(name, entry);
  }
  const unnamedLast = (row: RedemptionRow) => (row.name === "" ? 1 : 0);
  return [...byName.values()].sort((a, b) => unnamedLast(a) - unnamedLast(b) || b.lastMonth - a.lastMonth || a.name.localeCompare(b.name));
}
