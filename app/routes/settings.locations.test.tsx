// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as locations from "./settings.locations";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

const HARBOUR = {
  id: "0b6f2f3e-6a43-4a43-9d0e-1f2a3b4c5d6e",
  name: "Harbour",
  address: "1 Quay Street, Porto",
  timeZone: "Europe/Lisbon",
  placements: 2,
};
const OLD_TOWN = { id: "1c7a3a4f-7b54-4b54-8e1f-2a3b4c5d6e7f", name: "Old Town", address: null, timeZone: null, placements: 1 };
const screenData = (overrides = {}) => ({ included: true, locations: [HARBOUR, OLD_TOWN], timeZones: ["Europe/Lisbon", "UTC"], ...overrides });

describe("the Locations screen", () => {
  it("lists each location with its address, time zone and placements, and asks before deleting", async () => {
    await renderRoute(locations, { path: "/settings/locations", loaderData: screenData() });
    const list = screen.getByRole("list", { name: "Locations" });
    const [harbour, oldTown] = within(list).getAllByRole("listitem");
    expect(harbour!.textContent).toContain("1 Quay Street, Porto");
    expect(harbour!.textContent).toContain("Europe/Lisbon · 2 placements");
    expect(oldTown!.textContent).toContain("Your time zone · 1 placement");
    expect(within(harbour!).getByRole("button", { name: "Yes, delete “Harbour”" }).closest("details")!.open).toBe(false);
    expect(
      within(harbour!).getByText(
        "Delete “Harbour”? Its placements stay, with their codes, scans and leads; they just no longer belong to a location.",
      ),
    ).toBeTruthy();
    // Each edit form is labelled by its own fields.
    expect(within(harbour!).getByLabelText("Name", { selector: "input" })).toHaveProperty("value", "Harbour");
    expect(within(harbour!).getByLabelText("Time zone (optional)")).toHaveProperty("value", "Europe/Lisbon");
  });

  it("says when there is none yet", async () => {
    await renderRoute(locations, { path: "/settings/locations", loaderData: screenData({ locations: [] }) });
    expect(screen.getByText("No locations yet. Add your first one above.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add location" })).toHaveProperty("disabled", false);
  });

  it("on the Free plan, says it is part of Pro and Enterprise and disables the form", async () => {
    await renderRoute(locations, { path: "/settings/locations", loaderData: screenData({ included: false, locations: [] }) });
    expect(screen.getByRole("note").textContent).toContain("Locations and a team are part of Pro and Enterprise. Upgrade to use them.");
    expect(screen.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByRole("button", { name: "Add location" })).toHaveProperty("disabled", true);
  });

  it("in German: the list, the counts of placements, the delete question and the form's labels", async () => {
    await renderRoute(locations, { path: "/settings/locations", loaderData: screenData(), ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 1, name: "Standorte" })).toBeTruthy();
    const [harbour, oldTown] = within(screen.getByRole("list", { name: "Standorte" })).getAllByRole("listitem");
    expect(harbour!.textContent).toContain("Europe/Lisbon · 2 Platzierungen");
    expect(oldTown!.textContent).toContain("Ihre Zeitzone · 1 Platzierung");
    expect(within(harbour!).getByText(/^„Harbour“ löschen\? Seine Platzierungen bleiben/)).toBeTruthy();
    expect(within(harbour!).getByRole("button", { name: "Ja, „Harbour“ löschen" })).toBeTruthy();
    expect(within(harbour!).getByLabelText("Zeitzone (optional)")).toHaveProperty("value", "Europe/Lisbon");
    expect(screen.getByRole("button", { name: "Standort hinzufügen" })).toBeTruthy();
  });
});
