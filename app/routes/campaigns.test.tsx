// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/campaigns";
import * as campaigns from "./campaigns";

afterEach(cleanup);

type Payload = Route.ComponentProps["loaderData"];

const croissants = {
  id: crypto.randomUUID(),
  title: "Croissant Club",
  businessType: "Bakery",
  status: "active" as const,
  aiHeadline: "Fresh at eight",
  scans: 4,
  leads: 1,
  visitors: 4,
  converted: 1,
  redeemed: 0,
};

function payload(overrides: Partial<Payload> = {}): Payload {
  return {
    campaigns: [croissants],
    summary: { total: 1, active: 1, scans: 4, leads: 1 },
    filters: { q: "", status: "all" },
    isPro: false,
    canCreate: false,
    businessName: "",
    wizard: null,
    ...overrides,
  } as Payload;
}

describe("the campaigns screen", () => {
  it("shows a free owner at the limit their campaign, its scans against the limit and the banner", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload() });
    const card = screen.getByRole("article", { name: "Croissant Club" });
    expect(within(card).getByText("4 / 5")).toBeTruthy();
    expect(screen.getByText(/Free accounts are limited to 1 campaign\./)).toBeTruthy();
    expect((screen.getByRole("button", { name: "New Campaign" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lets a Pro owner create more and shows plain scan counts", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ isPro: true, canCreate: true }) });
    const card = screen.getByRole("article", { name: "Croissant Club" });
    expect(within(card).queryByText("4 / 5")).toBeNull();
    expect(screen.getByRole("link", { name: "New Campaign" }).getAttribute("href")).toBe("/campaigns?new=1");
    expect(screen.queryByText(/Campaign Limit Reached/)).toBeNull();
  });

  it("says so when the owner has no campaigns yet", async () => {
    await renderRoute(campaigns, {
      path: "/campaigns",
      loaderData: payload({ campaigns: [], summary: { total: 0, active: 0, scans: 0, leads: 0 }, canCreate: true }),
    });
    expect(screen.getByRole("heading", { name: "No campaigns yet" })).toBeTruthy();
  });
});
