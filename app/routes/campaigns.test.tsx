// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
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
    locationLimits: {},
    summary: { total: 1, active: 1, scans: 4, leads: 1 },
    filters: { q: "", status: "all" },
    isPro: false,
    canCreate: false,
    askedForNew: false,
    businessName: "",
    wizard: null,
    role: "owner",
    ...overrides,
  } as Payload;
}

describe("the campaigns screen", () => {
  it("shows a free owner at the limit their campaign, its scans against the limit and the limit, calmly", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload() });
    const card = screen.getByRole("article", { name: "Croissant Club" });
    expect(within(card).getByText("4 / 5")).toBeTruthy();
    const limit = screen.getByText(/Free accounts are limited to 1 campaign\./);
    expect(limit.closest("[data-testid=campaign-limit-calm]")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "New Campaign" }).getAttribute("href")).toBe("/campaigns?new=1");
  });

  it("answers New Campaign at the limit with the limit, announced, and the way to upgrade", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ askedForNew: true }) });
    expect(screen.getByRole("status").textContent).toBe(
      "Campaign Limit Reached: Free accounts are limited to 1 campaign. Upgrade to Pro to create unlimited campaigns and unlock premium or advanced features.Upgrade to Pro",
    );
    expect(screen.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("lets a Pro owner create more and shows plain scan counts", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ isPro: true, canCreate: true }) });
    const card = screen.getByRole("article", { name: "Croissant Club" });
    expect(within(card).queryByText("4 / 5")).toBeNull();
    expect(screen.getByRole("link", { name: "New Campaign" }).getAttribute("href")).toBe("/campaigns?new=1");
    expect(screen.queryByText(/Campaign Limit Reached/)).toBeNull();
  });

  it("labels the card's headline as the owner's copy, and its menu leads to the print kit and the languages", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ isPro: true, canCreate: true }) });
    const card = screen.getByRole("article", { name: "Croissant Club" });
    expect(within(card).getByText("Headline")).toBeTruthy();
    expect(within(card).queryByText(/AI-Generated/)).toBeNull();
    fireEvent.keyDown(within(card).getByRole("button", { name: "Actions for Croissant Club" }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Print" }).getAttribute("href")).toBe(`/campaigns/${croissants.id}/print`);
    expect(within(menu).getByRole("menuitem", { name: "Languages" }).getAttribute("href")).toBe(`/campaigns/${croissants.id}/languages`);
  });

  it("gives a viewer the list without New Campaign, edits or deletes, and a manager edits without deleting", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ isPro: true, role: "viewer" }) });
    expect(screen.queryByRole("link", { name: "New Campaign" })).toBeNull();
    expect(screen.queryByText(/Campaign Limit Reached/)).toBeNull();
    fireEvent.keyDown(screen.getByRole("button", { name: "Actions for Croissant Club" }), { key: "Enter" });
    let menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "View Details" })).toBeTruthy();
    for (const name of ["Edit", "Pause", "Delete", "Print", "Languages"]) expect(within(menu).queryByRole("menuitem", { name })).toBeNull();
    cleanup();
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ isPro: true, role: "manager" }) });
    fireEvent.keyDown(screen.getByRole("button", { name: "Actions for Croissant Club" }), { key: "Enter" });
    menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Edit" })).toBeTruthy();
    expect(within(menu).queryByRole("menuitem", { name: "Delete" })).toBeNull();
    cleanup();
    // A campaign another location shows too: the manager prints their placements' codes, and changes nothing.
    await renderRoute(campaigns, {
      path: "/campaigns",
      loaderData: payload({ isPro: true, role: "manager", campaigns: [{ ...croissants, shared: true }] }),
    });
    fireEvent.keyDown(screen.getByRole("button", { name: "Actions for Croissant Club" }), { key: "Enter" });
    menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Print" })).toBeTruthy();
    for (const name of ["Edit", "Pause", "Delete", "Languages"]) expect(within(menu).queryByRole("menuitem", { name })).toBeNull();
  });

  it("names where a limited campaign runs, and says so when its locations were all deleted", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ locationLimits: { [croissants.id]: ["Harbour", "Old Town"] } }) });
    expect(within(screen.getByRole("article", { name: "Croissant Club" })).getByTestId("campaign-locations").textContent).toBe(
      "Only at Harbour and Old Town",
    );
    cleanup();
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ locationLimits: { [croissants.id]: [] } }) });
    expect(screen.getByTestId("campaign-locations").textContent).toBe("At no location (its locations were deleted)");
    cleanup();
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload() });
    expect(screen.queryByTestId("campaign-locations")).toBeNull();
  });

  it("says so when the owner has no campaigns yet", async () => {
    await renderRoute(campaigns, {
      path: "/campaigns",
      loaderData: payload({ campaigns: [], summary: { total: 0, active: 0, scans: 0, leads: 0 }, canCreate: true }),
    });
    expect(screen.getByRole("heading", { name: "No campaigns yet" })).toBeTruthy();
  });
});

describe("the campaigns list without a campaign", () => {
  const none = { campaigns: [], summary: { total: 0, active: 0, scans: 0, leads: 0 } };

  it("asks the owner to create the first one", async () => {
    await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ ...none, isPro: true, canCreate: true }) });
    expect(screen.getByText("Create your first QR campaign to start capturing leads.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create First Campaign" }).getAttribute("href")).toBe("/campaigns?new=1");
  });

  it("tells a manager or viewer where campaigns come from, without a button they may not use", async () => {
    for (const role of ["manager", "viewer"] as const) {
      await renderRoute(campaigns, { path: "/campaigns", loaderData: payload({ ...none, isPro: true, role }) });
      expect(screen.getByText("A campaign shows here once the owner puts its code up at one of your locations.")).toBeTruthy();
      expect(screen.queryByText("Create your first QR campaign to start capturing leads.")).toBeNull();
      expect(screen.queryByRole("link", { name: "Create First Campaign" })).toBeNull();
      cleanup();
    }
  });
});
