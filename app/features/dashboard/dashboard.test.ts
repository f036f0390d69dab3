import { describe, expect, it } from "vitest";
import { dayLabel } from "~/utils/dates";
import { chartPoints, conversionRate, freeScanAllowance, lastDays, weekTrend } from "./dashboard";

describe("conversion rate", () => {
  it("is leads / scans × 100 to one decimal", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
    expect(conversionRate(7, 5)).toBe(140);
  });

  it("is 0 when either count is missing or zero", () => {
    expect(conversionRate(0, 10)).toBe(0);
    expect(conversionRate(3, 0)).toBe(0);
    expect(conversionRate(null, 4)).toBe(0);
    expect(conversionRate(4, undefined)).toBe(0);
  });
});

describe("week trend", () => {
  it("compares the last 7 days with the 7 before", () => {
    expect(weekTrend(15, 10)).toEqual({ direction: "up", percent: 50 });
    expect(weekTrend(5, 10)).toEqual({ direction: "down", percent: 50 });
    expect(weekTrend(3, 0)).toBeNull();
    expect(weekTrend(4, 4)).toBeNull();
  });
});

describe("chart", () => {
  it("lists the last 7 days including today, across a month end", () => {
    expect(lastDays("2024-03-02")).toEqual(["2024-02-25", "2024-02-26", "2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"]);
  });

  it("zero-fills days without rows", () => {
    const days = lastDays("2024-03-09");
    const points = chartPoints(
      days,
      new Map([["2024-03-09", 2]]),
      new Map([
        ["2024-03-03", 5],
        ["2024-03-09", 4],
      ]),
    );
    expect(points).toHaveLength(7);
    expect(points[0]).toEqual({ date: "Mar 3", leads: 0, scans: 5 });
    expect(points[6]).toEqual({ date: "Mar 9", leads: 2, scans: 4 });
    expect(points.slice(1, 6).every((point) => point.leads === 0 && point.scans === 0)).toBe(true);
    expect(dayLabel("2024-12-31")).toBe("Dec 31");
  });

  it("gives a free owner 5 scans per campaign", () => {
    expect(freeScanAllowance(0)).toBe(5);
    expect(freeScanAllowance(1)).toBe(5);
    expect(freeScanAllowance(3)).toBe(15);
  });
});
