import { describe, expect, it } from "vitest";
import { conversionChange, countChange, duePeriod, ownerClock, periodLabel, usableZone } from "./period";

describe("a figure's change against the period before", () => {
  it("is a whole percent with its sign, 'new' from nothing and '—' when nothing either time", () => {
    expect(countChange(112, 100)).toBe("+12 %");
    expect(countChange(95, 100)).toBe("-5 %");
    expect(countChange(0, 4)).toBe("-100 %");
    expect(countChange(7, 7)).toBe("±0 %");
    expect(countChange(3, 0)).toBe("new");
    expect(countChange(0, 0)).toBe("—");
  });

  it("is in percentage points for conversion, '—' when nobody visited", () => {
    expect(conversionChange(28.6, 25)).toBe("+3.6 pts");
    expect(conversionChange(20, 25)).toBe("-5 pts");
    expect(conversionChange(12.5, 12.5)).toBe("±0 pts");
    expect(conversionChange(10, null)).toBe("new");
    expect(conversionChange(null, 10)).toBe("—");
  });
});

describe("the period due", () => {
  it("reads the owner's clock across a daylight-saving change", () => {
    // Sunday 29 March 2026 Madrid moved to UTC+2: Monday 30 March 08:00 is 06:00 UTC.
    expect(ownerClock(new Date("2026-03-30T06:00:00Z"), "Europe/Madrid")).toEqual({ day: "2026-03-30", hour: 8, weekday: 1 });
    expect(duePeriod(new Date("2026-03-30T06:00:00Z"), "Europe/Madrid", "weekly")).toMatchObject({ from: "2026-03-23", to: "2026-03-29" });
    expect(duePeriod(new Date("2026-03-30T05:59:00Z"), "Europe/Madrid", "weekly")).toBeNull();
  });

  it("falls back to UTC for a zone this runtime does not know", () => {
    expect(usableZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(usableZone(null)).toBe("UTC");
    expect(usableZone("America/New_York")).toBe("America/New_York");
  });

  it("is named as a day or a week", () => {
    expect(periodLabel({ from: "2026-11-23", to: "2026-11-23" })).toBe("Monday 23 November 2026");
    expect(periodLabel({ from: "2026-11-16", to: "2026-11-22" })).toBe("16 – 22 November 2026");
    expect(periodLabel({ from: "2026-11-30", to: "2026-12-06" })).toBe("30 November – 6 December 2026");
  });
});
