// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import { LIFT_LIMITS_WITHOUT_STRIPE, STRIPE_NOT_CONFIGURED } from "~/features/billing/checkout.server";
import * as pricing from "./pricing";

afterEach(cleanup);

describe("the pricing screen", () => {
  it("offers a signed-out visitor the free plan with its limits and sign-up links", async () => {
    await renderRoute(pricing, { path: "/pricing", loaderData: { signedIn: false, isPro: false } });
    expect(screen.getByText("Limited to 1 campaign and 5 scans")).toBeTruthy();
    expect(screen.getByText("$29.99")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: /Get Started|Start/ }).every((link) => link.getAttribute("href") === "/signup")).toBe(true);
    expect(screen.queryByRole("button", { name: "Upgrade to Pro" })).toBeNull();
  });

  it("offers a signed-in free owner the upgrade, and shows a Pro owner their current plan", async () => {
    const free = await renderRoute(pricing, { path: "/pricing", loaderData: { signedIn: true, isPro: false } });
    expect(screen.getByRole("button", { name: "Upgrade to Pro" })).toBeTruthy();
    expect(screen.getAllByText("Current Plan")).toHaveLength(1);
    free.unmount();
    await renderRoute(pricing, { path: "/pricing", loaderData: { signedIn: true, isPro: true } });
    expect(screen.queryByRole("button", { name: "Upgrade to Pro" })).toBeNull();
    // Starter is included in Pro: both cards say so.
    expect(screen.getAllByText("Current Plan")).toHaveLength(2);
  });
});

describe("upgrading on a server without Stripe", () => {
  it("shows the Stripe message as it is, then how an operator lifts the limits", async () => {
    await renderRoute(pricing, {
      path: "/pricing",
      loaderData: { signedIn: true, isPro: false },
      actionData: { error: STRIPE_NOT_CONFIGURED, operatorHint: LIFT_LIMITS_WITHOUT_STRIPE },
    });
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to Pro" }));
    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("p")].map((line) => line.textContent)).toEqual([
      "Stripe is not configured. Please set up your Stripe keys in the environment variables.",
      "Running LeadQR without Stripe? An admin can lift the limits by hand: Admin → Subscriptions → set the account's plan to Pro.",
    ]);
  });
});
