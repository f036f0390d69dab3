// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import { LIFT_LIMITS_WITHOUT_STRIPE, STRIPE_NOT_CONFIGURED } from "~/features/billing/checkout.server";
import { publicWordsIn } from "~/features/languages/owner/public-words.server";
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

describe("the pricing screen in the member's language", () => {
  it("reads German for a signed-in member whose language is German, with the same figures", async () => {
    await renderRoute(pricing, {
      path: "/pricing",
      loaderData: { signedIn: true, isPro: false, words: publicWordsIn("pricing", "de") },
      ownerLanguage: "de",
    });
    expect(screen.getByRole("heading", { level: 1, name: "Einfache, transparente Preise" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Auf Pro upgraden" })).toBeTruthy();
    expect(screen.getByText("Aktueller Tarif")).toBeTruthy();
    expect(screen.getByText("Begrenzt auf 1 Kampagne und 5 Scans")).toBeTruthy();
    expect(screen.getByText("Häufig gestellte Fragen")).toBeTruthy();
    // The figures and the plans' names are the page's in every language.
    expect(screen.getByText("$29.99")).toBeTruthy();
    expect(screen.getAllByText("/Monat")).toHaveLength(2);
    expect(screen.getByRole("region", { name: "Professional" })).toBeTruthy();
    expect(screen.queryByText("Simple, Transparent Pricing")).toBeNull();
  });

  it("stays English signed out: no words come with the page, and its meta is the spec's", async () => {
    expect(publicWordsIn("pricing", "en")).toBeNull();
    await renderRoute(pricing, { path: "/pricing", loaderData: { signedIn: false, isPro: false, words: null } });
    expect(screen.getByRole("heading", { level: 1, name: "Simple, Transparent Pricing" })).toBeTruthy();
    expect(screen.getAllByText("/month")).toHaveLength(2);
    expect(pricing.meta({ loaderData: { signedIn: false, isPro: false, words: null } } as never)).toEqual([
      { title: "Pricing · LeadQR" },
      { name: "description", content: "LeadQR plans: Starter for free, Professional at $29.99/month, Enterprise on request." },
    ]);
    expect(pricing.meta({ loaderData: { signedIn: true, isPro: false, words: publicWordsIn("pricing", "de") } } as never)).toEqual([
      { title: "Preise · LeadQR" },
      { name: "description", content: "Die Tarife von LeadQR: Starter kostenlos, Professional für $29.99/Monat, Enterprise auf Anfrage." },
    ]);
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
