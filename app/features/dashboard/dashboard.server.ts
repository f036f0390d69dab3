// Rules: docs/features/counting.md ("Conversion").
import { addDays } from "~/features/analytics/analytics";
import { countOwnerPerDay } from "~/features/analytics/analytics.server";
import { listCampaignsInScope } from "~/features/analytics/scoped-figures.server";
import { spansOf } from "~/features/analytics/rollups.server";
import { conversionOf, type CampaignSummary } from "~/features/campaigns/campaigns";
import type { PlacementScope } from "~/features/team/scope.server";
import { calendarDay } from "~/features/leads/leads";
import type { Database } from "~/db/client.server";
import { chartPoints, lastDays, weekTrend, type ChartPoint, type Trend } from "./dashboard";

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
  /** Codes redeemed over the campaigns read (a filtered view's funnel). */
  redeemed: number;
};

export type GetDashboardOptions = {
  userId: string;
  timeZone: string;
  now?: Date;
  /** A member's placements, or the location filter's (docs/features/team.md): every figure counts these only. */
  placementIds?: PlacementScope;
  /** A member's locations: their cards offer Edit only for a campaign limited to theirs alone. */
  locationIds?: readonly string[] | null;
};

/** Everything the dashboard shows, in four queries whatever the number of campaigns or days. */
export async function getDashboard(db: Database, options: GetDashboardOptions): Promise<DashboardData> {
  const today = calendarDay(options.now ?? new Date(), options.timeZone);
  // 14 days: the chart's 7 and the 7 before, for the trend.
  const days14 = { timeZone: options.timeZone, from: addDays(today, -13), to: today };
  const spans = await spansOf(db, days14);
  const [campaigns, leadsByDay, scansByDay] = await Promise.all([
    listCampaignsInScope(db, { userId: options.userId, placementIds: options.placementIds, locationIds: options.locationIds }),
    countOwnerPerDay(db, { ...days14, userId: options.userId, spans, table: "lead", placementIds: options.placementIds }),
    countOwnerPerDay(db, { ...days14, userId: options.userId, spans, table: "scan", placementIds: options.placementIds }),
  ]);

  const days = lastDays(today, 14);
  const sum = (byDay: Map<string, number>, from: number, to: number) => days.slice(from, to).reduce((total, day) => total + (byDay.get(day) ?? 0), 0);
  const totalLeads = campaigns.reduce((total, row) => total + row.leads, 0);
  const totalScans = campaigns.reduce((total, row) => total + row.scans, 0);
  const visitors = campaigns.reduce((total, row) => total + row.visitors, 0);
  const converted = campaigns.reduce((total, row) => total + row.converted, 0);

  return {
    campaignCount: campaigns.length,
    stats: {
      totalLeads,
      totalScans,
      activeCampaigns: campaigns.filter((row) => row.status === "active").length,
      // The one conversion: converted visitors ÷ unique visitors, never above 100 %.
      conversionRate: conversionOf(converted, visitors),
      leadsTrend: weekTrend(sum(leadsByDay, 7, 14), sum(leadsByDay, 0, 7)),
      scansTrend: weekTrend(sum(scansByDay, 7, 14), sum(scansByDay, 0, 7)),
    },
    chart: chartPoints(days.slice(7), leadsByDay, scansByDay),
    recentCampaigns: campaigns.slice(0, RECENT_CAMPAIGNS),
    redeemed: campaigns.reduce((total, row) => total + row.redeemed, 0),
  };
}

/** The 7 days up to today with zeros: what the chart shows when its data could not be read. */
export function emptyChart(options: { timeZone: string; now?: Date }): ChartPoint[] {
  return chartPoints(lastDays(calendarDay(options.now ?? new Date(), options.timeZone)), new Map(), new Map());
}
