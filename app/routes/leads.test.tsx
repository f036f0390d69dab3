// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/leads";
import * as leads from "./leads";

afterEach(cleanup);

type Payload = Route.ComponentProps["loaderData"];

function leadRow(name: string, email: string, isMasked = false) {
  return {
    id: crypto.randomUUID(),
    name,
    email,
    phone: null,
    campaign: "Croissant Club",
    placement: null,
    collectedAt: "Nov 23, 2026, 9:00 AM",
    collectedAtIso: "2026-11-23T14:00:00.000Z",
    redeemedAt: null,
    redeemedAtIso: null,
    isMasked,
  };
}

function payload(overrides: Partial<Payload> = {}): Payload {
  return {
    leads: [leadRow("Ada Lovelace", "ada@example.com"), leadRow("G****", "g****@e******.com", true)],
    matching: 2,
    moreMatching: false,
    hidden: 1,
    page: 1,
    pageCount: 1,
    stats: { total: 2, thisWeek: 2, today: 1 },
    campaigns: [{ id: crypto.randomUUID(), title: "Croissant Club" }],
    placements: [],
    query: { q: "", campaign: "", placement: "" },
    isPro: false,
    erased: false,
    ...overrides,
  };
}

describe("the leads screen", () => {
  it("lists leads as the server sent them, marking the masked ones and counting them hidden", async () => {
    await renderRoute(leads, { path: "/leads", loaderData: payload() });
    expect(screen.getByRole("heading", { level: 1, name: "Leads" })).toBeTruthy();
    const table = screen.getByRole("table");
    expect(within(table).getByText("Ada Lovelace")).toBeTruthy();
    expect(within(table).getByText("ada@example.com")).toBeTruthy();
    expect(within(table).getAllByRole("img", { name: "Hidden on the Free plan" })).toHaveLength(1);
    expect(screen.getByText("(1 hidden)")).toBeTruthy();
    expect(screen.getByPlaceholderText("Search leads...")).toBeTruthy();
  });

  it("lists leads for a phone in two-line rows: name and email, then campaign, time and a Redeemed badge", async () => {
    const redeemed = { ...leadRow("Ben Okafor", "ben@example.com"), redeemedAt: "Nov 24, 2026, 10:00 AM", redeemedAtIso: "2026-11-24T10:00:00.000Z" };
    await renderRoute(leads, { path: "/leads", loaderData: payload({ leads: [leadRow("Ada Lovelace", "ada@example.com"), redeemed] }) });
    const rows = within(screen.getByRole("list", { name: "Leads" })).getAllByRole("listitem");
    expect(rows.map((row) => [...row.querySelectorAll(":scope > p")].map((line) => line.textContent))).toEqual([
      ["Ada Lovelaceada@example.com", "Croissant Club·Nov 23, 2026, 9:00 AM"],
      ["Ben Okaforben@example.com", "Croissant Club·Nov 23, 2026, 9:00 AMRedeemed"],
    ]);
    expect(within(rows[0]!).getByRole("link", { name: "Ada Lovelace" }).getAttribute("href")).toMatch(/^\/leads\//);
  });

  it("tells an owner without leads, and one whose filters match nothing, apart", async () => {
    const empty = await renderRoute(leads, {
      path: "/leads",
      loaderData: payload({ leads: [], matching: 0, hidden: 0, stats: { total: 0, thisWeek: 0, today: 0 } }),
    });
    expect(screen.getByText("No leads yet")).toBeTruthy();
    empty.unmount();
    await renderRoute(leads, {
      path: "/leads",
      url: "/leads?q=zed",
      loaderData: payload({ leads: [], matching: 0, hidden: 0, query: { q: "zed", campaign: "", placement: "" } }),
    });
    expect(screen.getByText("No leads match your filters")).toBeTruthy();
  });

  it("says a broad search matched more than it counted, and still offers the next page", async () => {
    await renderRoute(leads, {
      path: "/leads",
      url: "/leads?q=ava",
      loaderData: payload({
        matching: 10_000,
        moreMatching: true,
        hidden: 0,
        pageCount: 200,
        isPro: true,
        query: { q: "ava", campaign: "", placement: "" },
      }),
    });
    expect(screen.getByText("Showing 2 of 10,000+ leads")).toBeTruthy();
    expect(screen.getByText("Page 1 of 200+")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toContain("page=2");
  });
});
