// Pure rules of the dashboard: conversion, trends, chart points.
// Rules: docs/features/counting.md ("The dashboard").
import { dayLabel } from "~/utils/dates";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";

/** Leads / scans × 100 to one decimal; 0 when either is missing or zero. */
export { conversionRate } from "~/features/campaigns/campaigns";

export type Trend = { direction: "up" | "down"; percent: number };

/** Change of the last 7 days against the 7 before; none when there is nothing to compare with. */
export function weekTrend(thisWeek: number, lastWeek: number): Trend | null {
  if (lastWeek === 0 || thisWeek === lastWeek) return null;
  const percent = Math.round((Math.abs(thisWeek - lastWeek) / lastWeek) * 100);
  return { direction: thisWeek > lastWeek ? "up" : "down", percent };
}

/**
 * The free owner's scan allowance: 5 per campaign, so the limit shown is
 * FREE_SCAN_LIMIT × campaigns, at least one campaign's worth.
 */
export function freeScanAllowance(campaignCount: number): number {
  return FREE_SCAN_LIMIT * Math.max(1, campaignCount);
}

export type ChartPoint = { date: string; leads: number; scans: number };

/** The last `count` calendar days (YYYY-MM-DD) up to and including `today`. */
export function lastDays(today: string, count = 7): string[] {
  const end = new Date(`${today}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, index) => new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** One point per day, zero where a day has no rows. */
export function chartPoints(days: string[], leadsByDay: Map<string, number>, scansByDay: Map<string, number>): ChartPoint[] {
  return days.map((day) => ({ date: dayLabel(day), leads: leadsByDay.get(day) ?? 0, scans: scansByDay.get(day) ?? 0 }));
}
