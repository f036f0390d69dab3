import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, lead, scan } from "~/db/schema";
import type { CampaignSummary } from "~/features/campaigns/campaigns";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { calendarDay } from "~/features/leads/leads";
import { getServices } from "~/utils/services.server";
import { chartPoints, conversionRate, lastDays, weekTrend, type ChartPoint, type Trend } from "./dashboard";

export const RECENT_CAMPAIGNS = 6;

export type DashboardData = {
  campaignCount: number;
  stats: {
    totalLeads: number;
    totalScans: number;
    activeCampaigns: number;
    conversionRate: number;
    leadsTrend: Trend | null;
    scansTrend: Trend | null;
  };
  chart: ChartPoint[];
  recentCampaigns: CampaignSummary[];
};

/** Everything the dashboard shows, in three queries whatever the number of campaigns or days. */
export async function getDashboard(options: { userId: string; timeZone: string; now?: Date }): Promise<DashboardData> {
  const { db } = await getServices();
  const today = calendarDay(options.now ?? new Date(), options.timeZone);
  const [campaigns, leadsByDay, scansByDay] = await Promise.all([
    listCampaigns(db, { userId: options.userId }),
    countPerDay(db, { ...options, today, table: "lead" }),
    countPerDay(db, { ...options, today, table: "scan" }),
  ]);

  const days = lastDays(today, 14);
  const sum = (byDay: Map<string, number>, from: number, to: number) =>
    days.slice(from, to).reduce((total, day) => total + (byDay.get(day) ?? 0), 0);
  const totalLeads = campaigns.reduce((total, row) => total + row.leads, 0);
  const totalScans = campaigns.reduce((total, row) => total + row.scans, 0);

  return {
    campaignCount: campaigns.length,
    stats: {
      totalLeads,
      totalScans,
      activeCampaigns: campaigns.filter((row) => row.status === "active").length,
      conversionRate: conversionRate(totalLeads, totalScans),
      leadsTrend: weekTrend(sum(leadsByDay, 7, 14), sum(leadsByDay, 0, 7)),
      scansTrend: weekTrend(sum(scansByDay, 7, 14), sum(scansByDay, 0, 7)),
    },
    chart: chartPoints(days.slice(7), leadsByDay, scansByDay),
    recentCampaigns: campaigns.slice(0, RECENT_CAMPAIGNS),
  };
}

/** The 7 days up to today with zeros: what the chart shows when its data could not be read. */
export function emptyChart(options: { timeZone: string; now?: Date }): ChartPoint[] {
  return chartPoints(lastDays(calendarDay(options.now ?? new Date(), options.timeZone)), new Map(), new Map());
}

/**
 * Rows per calendar day of the owner's time zone over the 14 days up to `today` (the chart's 7
 * and the 7 before, for the trend): one grouped query, day boundaries computed by PostgreSQL.
 */
async function countPerDay(
  db: Database,
  options: { userId: string; timeZone: string; today: string; table: "lead" | "scan" },
): Promise<Map<string, number>> {
  const at = options.table === "lead" ? lead.collectedAt : scan.timestamp;
  const campaignId = options.table === "lead" ? lead.campaignId : scan.campaignId;
  const localDay = sql<string>`to_char((${at} at time zone ${options.timeZone})::date, 'YYYY-MM-DD')`;
  const from = sql`((${options.today}::date - 13)::timestamp at time zone ${options.timeZone})`;
  const to = sql`((${options.today}::date + 1)::timestamp at time zone ${options.timeZone})`;
  const rows = await db
    .select({ day: localDay, count: sql<number>`count(*)`.mapWith(Number) })
    .from(options.table === "lead" ? lead : scan)
    .innerJoin(campaign, eq(campaign.id, campaignId))
    .where(and(eq(campaign.userId, options.userId), gte(at, from), lt(at, to)))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.count]));
}
