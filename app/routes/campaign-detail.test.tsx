// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { exclusionSentence, refusalSentence, resolveRange } from "~/features/analytics/analytics";
import { publicAddressVerdict } from "~/utils/public-address";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/campaign-detail";
import * as campaignDetail from "./campaign-detail";
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

type Payload = Route.ComponentProps["loaderData"];
const id = "5b0c6c1e-8a52-4d5e-9d1f-0f6f3a1c2b3d";

function payload(overrides: Partial<Payload> & { scans?: number; origin?: string } = {}): Payload {
  const { scans = 0, origin = "http://localhost:3000", ...rest } = overrides;
  const today = "2026-11-28";
  return {
    campaign: {
      id,
      title: "Croissant Club",
      businessType: "Bakery",
      status: "active",
      discount: "A free croissant",
      minOrder: "With any coffee",
      aiHeadline: "Fresh at eight",
      aiThankyou: "Show this at the till.",
      scans,
      leads: 0,
      redeemed: 0,
      createdAt: "2026-11-20T09:00:00.000Z",
    },
    conversion: 0,
    captureUrl: `${origin}/capture/${id}`,
    address: publicAddressVerdict(origin),
    isPro: false,
    timeZone: "UTC",
    today,
    scansKeptSince: "2025-10-01",
    rolledSecondsAgo: 40,
    range: resolveRange({ range: "30" } as never, today),
    analytics: {
      totals: { scans, unique: scans, qr: scans, link: 0, leads: 0, conversion: 0, conversionOnScans: 0 },
      byDay: [],
      devices: scans ? [{ name: "Mobile", scans }] : [],
      systems: scans ? [{ name: "Android", scans }] : [],
      heatMap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
      placements: [],
      exclusions: {},
      refusals: {},
      visitorIds: { issued: scans, neverBack: 0 },
    },
    exclusionSummary: `${scans} scans counted · 0 not counted`,
    justLaunched: false,
    postalAddressSet: true,
    refusalSummary: "No forms were turned away.",
    canEdit: true,
    ...rest,
  } as Payload;
}

/** 1,234 scans over 30 days in Berlin: one busy day, one busy hour and a placement, for the German page. */
function germanPayload(): Payload {
  const heatMap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  heatMap[1]![9] = 1234;
  const base = payload({ scans: 1234, isPro: true, timeZone: "Europe/Berlin", role: "owner", conversion: 24.3 });
  return {
    ...base,
    // What the loader builds for a German member.
    exclusionSummary: exclusionSentence(1234, { bot: 2, owner: 1 }, "de"),
    refusalSummary: refusalSentence({ invalid_fields: 1 }, "de"),
    campaign: { ...base.campaign, leads: 300, redeemed: 30 },
    analytics: {
      ...base.analytics,
      byDay: [{ day: "2026-11-10", scans: 1234, unique: 1200, qr: 1234, leads: 300, converted: 300 }],
      heatMap,
      placements: [
        { id: "0d7f3c2a-1b4e-4c5d-8e9f-a0b1c2d3e4f5", name: "Schaufenster", scans: 1234, unique: 1200, leads: 300, conversion: 24.5 },
        { id: null, name: "", scans: 0, unique: 0, leads: 0, conversion: 0 },
      ],
    },
  } as Payload;
}

describe("the campaign page", () => {
  it("just launched on a local address: step 2 says to open it on this computer, with one QR and one warning", async () => {
    await renderRoute(campaignDetail, {
      path: "/campaigns/:campaignId",
      url: `/campaigns/${id}?live=1`,
      loaderData: payload({ justLaunched: true }),
    });
    const live = screen.getByRole("region", { name: "Your campaign is live" });
    expect(within(live).getByText("Open it on this computer: phones cannot reach this address yet.")).toBeTruthy();
    expect(within(live).queryByText(/with your phone/)).toBeNull();
    expect(within(live).getByRole("link", { name: "Open your page" }).getAttribute("href")).toBe(`/capture/${id}`);
    expect(screen.getAllByRole("img", { name: "QR code for Croissant Club" })).toHaveLength(1);
    expect(screen.getAllByRole("note", { name: "Phones cannot open this code" })).toHaveLength(1);
    expect(screen.getByText(/^Bakery ·/)).toBeTruthy();
    expect(screen.getAllByText("Active").length).toBeGreaterThan(0);
  });

  it("just launched on a public address: step 2 asks for a scan of the page's one QR code", async () => {
    await renderRoute(campaignDetail, {
      path: "/campaigns/:campaignId",
      url: `/campaigns/${id}?live=1`,
      loaderData: payload({ justLaunched: true, origin: "https://qr.example.com" }),
    });
    const live = screen.getByRole("region", { name: "Your campaign is live" });
    expect(within(live).getByText("Scan the QR code on this page with your phone, or open your page here.")).toBeTruthy();
    expect(screen.getAllByRole("img", { name: "QR code for Croissant Club" })).toHaveLength(1);
    expect(screen.queryAllByRole("note", { name: /Phones cannot open/ })).toHaveLength(0);
  });

  it("outside the launch, the warning sits beside the QR code", async () => {
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload() });
    const qr = screen.getByRole("region", { name: "QR Code" });
    expect(within(qr).getAllByRole("note", { name: "Phones cannot open this code" })).toHaveLength(1);
  });

  it("folds an empty range into one No scans yet card, and shows the charts once there are scans", async () => {
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload() });
    expect(screen.getByRole("heading", { name: "No scans yet" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Devices" })).toBeNull();
    expect(screen.queryByTestId("range-summary")).toBeNull();
    cleanup();
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload({ scans: 3 }) });
    expect(screen.queryByRole("heading", { name: "No scans yet" })).toBeNull();
    expect(screen.getByTestId("range-summary")).toBeTruthy();
  });

  it("labels the headline the owner typed as Headline, not as AI-generated", async () => {
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload() });
    const copy = screen.getByRole("region", { name: "Offer and copy" });
    expect(within(copy).getByText("Headline")).toBeTruthy();
    expect(within(copy).queryByText(/AI-Generated/)).toBeNull();
  });

  it("says how fresh the rolled-up figures are and how far back scan details reach", async () => {
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload({ scans: 3 }) });
    expect(screen.getByText(/Updated 40 s ago\./)).toBeTruthy();
    expect(screen.getByTestId("scan-detail-reach").textContent).toBe(
      "Scan details reach back to October 2025; older scans still count in the totals.",
    );
  });

  it("puts the location filter in the range's form, and gives a viewer the figures without a form or Edit", async () => {
    const harbour = crypto.randomUUID();
    await renderRoute(campaignDetail, {
      path: "/campaigns/:campaignId",
      url: `/campaigns/${id}?location=${harbour}`,
      loaderData: payload({ scans: 3, role: "viewer", canEdit: false, locations: [{ id: harbour, name: "Harbour" }], location: harbour }),
    });
    const form = screen.getByRole("form", { name: "Date range" });
    const picker = within(form).getByRole("combobox", { name: "Location" }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual(["All locations", "Harbour"]);
    expect(picker.value).toBe(harbour);
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Print/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add placement" })).toBeNull();
    cleanup();
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: payload({ scans: 3, role: "owner" }) });
    expect(screen.getByRole("button", { name: "Add placement" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Edit" })).toBeTruthy();
    expect(within(screen.getByRole("form", { name: "Date range" })).queryByRole("combobox", { name: "Location" })).toBeNull();
  });

  it("offers a manager only their locations for a new placement, never none", async () => {
    const harbour = crypto.randomUUID();
    await renderRoute(campaignDetail, {
      path: "/campaigns/:campaignId",
      url: `/campaigns/${id}`,
      loaderData: payload({ role: "manager", locations: [{ id: harbour, name: "Harbour" }] }),
    });
    const add = screen.getByRole("form", { name: "Add a placement" });
    const where = within(add).getByRole("combobox", { name: "Location" }) as HTMLSelectElement;
    expect([...where.options].map((option) => option.textContent)).toEqual(["Harbour"]);
    cleanup();
    await renderRoute(campaignDetail, {
      path: "/campaigns/:campaignId",
      url: `/campaigns/${id}`,
      loaderData: payload({ role: "owner", locations: [{ id: harbour, name: "Harbour" }] }),
    });
    const owners = within(screen.getByRole("form", { name: "Add a placement" })).getByRole("combobox", { name: "Location" }) as HTMLSelectElement;
    expect([...owners.options].map((option) => option.textContent)).toEqual(["No location", "Harbour"]);
  });

  it("for an owner whose language is de, reads German: the funnel, the range picker, the charts and the placements, with German dates and numbers", async () => {
    await renderRoute(campaignDetail, { path: "/campaigns/:campaignId", url: `/campaigns/${id}`, loaderData: germanPayload(), ownerLanguage: "de" });

    const funnel = screen.getAllByRole("list", { name: "Trichter: Scans, Leads, eingelöst" })[0]!;
    expect(within(funnel).getByText("Eingelöst")).toBeTruthy();
    expect(within(funnel).getByText("10 %")).toBeTruthy();

    const range = screen.getByRole("form", { name: "Zeitraum" });
    expect(within(range).getByRole("option", { name: "Letzte 90 Tage" })).toBeTruthy();
    expect(within(range).getByRole("button", { name: "Anwenden" })).toBeTruthy();
    expect(
      within(range).getByText("Die Daten sind Tage in Ihrer Zeitzone (Europe/Berlin). Von und Bis gelten, wenn „Eigene Daten“ gewählt ist."),
    ).toBeTruthy();

    expect(screen.getByRole("heading", { name: "Scans und Leads pro Tag" })).toBeTruthy();
    expect(screen.getByTestId("by-day-summary").textContent).toBe("Stärkster Tag: 10. Nov. mit 1234 Scans (1200 eindeutig) und 300 Leads.");
    expect(screen.getAllByText("1.234 (100 %)", { selector: "span" })).toHaveLength(2);
    expect(screen.getByTestId("heat-summary").textContent).toBe("Stärkste Stunde: Di 09:00–10:00 mit 1234 Scans, in Ihrer Zeitzone.");

    // The business type and the status next to the title, and the sentences built from the figures.
    expect(screen.getByText(/^Bäckerei ·/)).toBeTruthy();
    expect(screen.getAllByText("Aktiv").length).toBeGreaterThan(0);
    expect(screen.getByTestId("range-summary").textContent).toBe(
      "In den letzten 30 Tagen: 1.234 Besuche von 1.234 verschiedenen Personen (1.234 über den gedruckten Code, 0 über einen geteilten Link); noch niemand hat seine Daten hinterlassen.",
    );
    expect(screen.getByTestId("exclusions").textContent).toBe("1.234 Scans gezählt · 3 nicht gezählt: 2 Bots, 1 von Ihnen");
    expect(screen.getByTestId("lead-refusals").textContent).toBe("1 Formular wurde abgewiesen: 1 mit ungültigen Angaben.");
    expect(screen.getByTestId("unique-exactness").textContent).toBe(
      "Alle 1.234 Besuche kamen von wiedererkannten Browsern, also wurde niemand doppelt gezählt.",
    );
    expect(screen.getByText(/Ihre eigenen Besuche, während Sie angemeldet sind/)).toBeTruthy();

    const placements = screen.getByRole("region", { name: "Platzierungen" });
    expect(within(placements).getByRole("button", { name: "Platzierung hinzufügen" })).toBeTruthy();
    expect(within(placements).getByText("Keine Platzierung (Kampagnencode oder geteilter Link)")).toBeTruthy();
    expect(within(placements).getByText("24,5 %")).toBeTruthy();
    expect(within(placements).getAllByText("1.234").length).toBeGreaterThan(0);
    expect(within(placements).getByLabelText("Schaufenster löschen")).toBeTruthy();
    expect(within(placements).getByText("Konversion ist der Anteil der eindeutigen Besucher, die zu Leads wurden.")).toBeTruthy();
  });
});
