// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { headerWords } from "~/features/auth/site-header.server";
import type { Language } from "~/features/languages/languages";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";
import { renderRoute } from "../../tests/support/render-route";
import * as settings from "./settings";
import SiteLayout from "./site-layout";

afterEach(cleanup);

const loaderData = {
  email: "maria@corner-bakery.example",
  accountId: "0aeT1A0E",
  memberSince: "2026-11-28T10:00:00.000Z",
  plan: { isPro: false, name: "Free" },
  businessName: "Corner Bakery",
  subscription: null,
  identity: { postalAddress: "", privacyPolicyUrl: "", retentionMonths: null, retentionLastRunAt: null, lastErasure: null },
  sessions: [{ id: "current", device: "Chrome Headless on Linux", lastActive: "2026-11-28T10:00:00.000Z", current: true }],
  language: null,
};

const SECTIONS = [
  "Profile",
  "Language",
  "Business",
  "Privacy & retention",
  "Sessions",
  "Subscription",
  "Integrations",
  "Your domain",
  "Notifications",
  "Team",
  "Locations",
  "Sign-in and passkeys",
  "Account actions",
  "Account information",
];

describe("the settings screen", () => {
  it("opens with an index of its sections, each link leading to that section's heading, in page order", async () => {
    await renderRoute(settings, { path: "/settings", loaderData });
    const index = screen.getByRole("navigation", { name: "Settings sections" });
    const links = within(index).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(SECTIONS);
    for (const link of links) {
      const heading = document.getElementById(link.getAttribute("href")!.slice(1));
      expect(heading?.tagName, link.textContent!).toBe("H2");
      expect(heading?.textContent).toBe(link.textContent);
    }
    // Every section is still there, as a region named by its heading.
    expect(SECTIONS.map((name) => screen.getByRole("region", { name }).tagName)).toEqual(SECTIONS.map(() => "SECTION"));
  });

  it("keeps every setting: the profile's fields, the business name, the privacy fields, the plan, the links and the account actions", async () => {
    await renderRoute(settings, { path: "/settings", loaderData });
    for (const label of [
      "Email",
      "Current password",
      "New password",
      "Confirm new password",
      "Business name",
      "Business postal address",
      "Privacy policy URL",
    ]) {
      expect(screen.getAllByLabelText(label).length, label).toBeGreaterThan(0);
    }
    const subscription = screen.getByRole("region", { name: "Subscription" });
    expect(within(subscription).getByText("Limited to 1 campaign and 5 scans")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage integrations" }).getAttribute("href")).toBe("/settings/integrations");
    expect(screen.getByRole("link", { name: "Manage your domain" }).getAttribute("href")).toBe("/settings/domains");
    expect(screen.getByRole("link", { name: "Manage passkeys" }).getAttribute("href")).toBe("/settings/sign-in");
    expect(screen.getByRole("link", { name: "Export data" }).getAttribute("href")).toBe("/leads");
    expect(within(screen.getByRole("region", { name: "Account information" })).getByText("0aeT1A0E")).toBeTruthy();
  });

  it.each([
    ["de", "Einstellungen", "Sprache", "Übersicht", "28. November 2026"],
    ["ar", "الإعدادات", "اللغة", "لوحة التحكم", "28 نوفمبر 2026"],
  ] as const)(
    "in the signed-in layout, an owner whose language is %s reads the header, the screen and its dates in it",
    async (language, title, section, dashboard, memberSince) => {
      renderInLayout(language);
      expect(await screen.findByRole("heading", { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole("region", { name: section })).toBeTruthy();
      expect(screen.getAllByRole("link", { name: dashboard }).length).toBeGreaterThan(0);
      expect(screen.queryByText("Settings")).toBeNull();
      expect(screen.getByText(memberSince)).toBeTruthy();
    },
  );

  it("offers the languages of the owner's screens, each named in itself, and following the browser while none is chosen", async () => {
    await renderRoute(settings, { path: "/settings", loaderData });
    const choice = within(screen.getByRole("region", { name: "Language" })).getByRole("combobox", { name: "Language" }) as HTMLSelectElement;
    expect([...choice.options].map((option) => option.text)).toEqual([
      "As my browser",
      "English",
      "Español",
      "Français",
      "Deutsch",
      "Português",
      "Italiano",
      "Nederlands",
      "العربية",
    ]);
    expect(choice.value).toBe("");
  });
});

function renderInLayout(language: Language) {
  const layoutData = {
    user: { email: loaderData.email, planName: "Free", isAdmin: false, counterOnly: false },
    unverifiedEmail: null,
    handovers: [],
    headerWords: headerWords("Free", language),
    ownerLanguage: language,
  };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: SiteLayout as never,
      loader: () => layoutData,
      HydrateFallback: () => null,
      children: [{ path: "settings", Component: settings.default as never, loader: () => loaderData, HydrateFallback: () => null }],
    },
  ]);
  render(<Stub initialEntries={["/settings"]} />);
}
