// @vitest-environment happy-dom
// The "Scans and leads by day" chart draws every day's point, the last day's and the busiest day's
// included, at once and after a resize. The 390 px screenshot that lost today's point was taken
// 150 ms after narrowing the window from 1280 px, mid-way through recharts' 1.5 s animation from
// the old points to the new: only the first ten days were inside the chart yet. The chart is no
// longer animated; happy-dom does not replay that frame, so these tests hold the end state.
import { cleanup, render } from "@testing-library/react";
import { cloneElement, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ByDayChart, HeatMap } from "./analytics-charts";
import type { DayCounts } from "./analytics.server";

// happy-dom lays nothing out: the container hands the chart a width the test chooses.
const size = vi.hoisted(() => ({ width: 1000 }));
vi.mock("recharts", async (importOriginal) => {
  const original = await importOriginal<typeof import("recharts")>();
  return {
    ...original,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: size.width, height: 256 }),
  };
});

afterEach(cleanup);

/** 30 days up to 25 Nov: 9 scans on 10 Nov (the busiest), 4 scans and 4 leads today, nothing else. */
function thirtyDays(): DayCounts[] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 9, 27 + index)).toISOString().slice(0, 10);
    const scans = day === "2026-11-10" ? 9 : index === 29 ? 4 : 0;
    const leads = index === 29 ? 4 : 0;
    return { day, scans, unique: scans, qr: 0, leads, converted: leads };
  });
}

function dotsOf(container: HTMLElement, name: string) {
  return [...container.querySelectorAll<SVGCircleElement>(`circle.recharts-line-dot[name="${name}"]`)].map((dot) => ({
    x: Number(dot.getAttribute("cx")),
    y: Number(dot.getAttribute("cy")),
  }));
}

function expectEveryDayDrawn(container: HTMLElement) {
  const scans = dotsOf(container, "Scans");
  const leads = dotsOf(container, "Leads");
  expect(scans).toHaveLength(30);
  expect(leads).toHaveLength(30);
  const floor = Math.max(...scans.map((dot) => dot.y));
  // The busiest day (10 Nov, the 15th point) is the highest; today, the last and rightmost, stands above the floor.
  const highest = Math.min(...scans.map((dot) => dot.y));
  expect(scans[14]!.y).toBe(highest);
  expect(scans[29]!.y).toBeLessThan(floor);
  expect(scans[29]!.x).toBe(Math.max(...scans.map((dot) => dot.x)));
  expect(leads[29]!.y).toBeLessThan(Math.max(...leads.map((dot) => dot.y)));
  // Only today has leads.
  expect(leads.filter((dot) => dot.y < Math.max(...leads.map((other) => other.y)))).toHaveLength(1);
}

describe("the by-day chart", () => {
  it("draws all 30 days at once, today's and the busiest day's points among them, on a laptop and on a phone", () => {
    for (const width of [1000, 300]) {
      size.width = width;
      const { container, unmount } = render(<ByDayChart days={thirtyDays()} />);
      expectEveryDayDrawn(container);
      unmount();
    }
  });

  it("keeps every point when the screen narrows under it", () => {
    size.width = 1000;
    const { container, rerender } = render(<ByDayChart days={thirtyDays()} />);
    size.width = 300;
    rerender(<ByDayChart days={thirtyDays()} />);
    expectEveryDayDrawn(container);
    expect(Math.max(...dotsOf(container, "Scans").map((dot) => dot.x))).toBeLessThanOrEqual(300);
  });
});

describe("HeatMap on a phone", () => {
  it("lists only the hours from the first to the last with a scan, and says so", () => {
    const cells = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    cells[1]![9] = 2;
    cells[5]![12] = 1;
    const { getByRole, getByTestId } = render(<HeatMap cells={cells} />);
    const phone = getByRole("region", { name: "Scans by hour and weekday" });
    expect(Array.from(phone.querySelectorAll("tbody th")).map((th) => th.textContent)).toEqual(
      Array.from(getByRole("region", { name: "Scans by weekday and hour" }).querySelectorAll("thead abbr"))
        .slice(9, 13)
        .map((abbr) => abbr.getAttribute("title")),
    );
    expect(getByTestId("heat-hours-shown").textContent).toMatch(/^Hours .+–.+; no scans outside them\.$/);
  });
});
