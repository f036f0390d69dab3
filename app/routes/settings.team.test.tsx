// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as team from "./settings.team";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

const HARBOUR = { id: "0b6f2f3e-6a43-4a43-9d0e-1f2a3b4c5d6e", name: "Hafen" };
const screenData = (overrides = {}) => ({
  included: true,
  planName: "Pro",
  locations: [HARBOUR],
  members: [
    { id: "m1", email: "lena@example.com", role: "staff", locations: ["Hafen"], locationIds: [HARBOUR.id], joinedAt: "2026-11-20T09:00:00.000Z" },
  ],
  invites: [{ id: "i1", email: "tom@example.com", role: "viewer", locations: [], expiresAt: "2026-12-01T09:00:00.000Z" }],
  audit: [
    {
      id: "a1",
      action: "invited",
      actor: "owner@example.com",
      subject: "lena@example.com",
      detail: "Staff at Hafen",
      at: "2026-11-19T09:00:00.000Z",
    },
  ],
  handover: { email: "lena@example.com", memberId: "m1", expiresAt: "2026-11-30T09:00:00.000Z" },
  ...overrides,
});

describe("Settings → Team", () => {
  it("in German: the sections, a member's role and places, an invitation, the history, and the hand-over waiting (the actions' German: tests/integration/team-screens-speak-the-members-language.test.ts)", async () => {
    await renderRoute(team, {
      path: "/settings/team",
      loaderData: screenData(),
      ownerLanguage: "de",
    });
    expect(screen.getByRole("heading", { level: 1, name: "Team" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Zurück zu den Einstellungen" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Einladung senden/ })).toBeTruthy();
    expect(screen.getAllByRole("combobox", { name: "Rolle" }).length).toBeGreaterThan(0);
    const lena = within(screen.getByRole("list", { name: "Mitglieder" })).getByRole("listitem", { name: "lena@example.com" });
    expect(lena.textContent).toContain("Mitarbeiter in Hafen · beigetreten 20.11.2026, 09:00 UTC");
    expect(within(lena).getByText("lena@example.com entfernen? Die Person wird sofort abgemeldet.")).toBeTruthy();
    const invites = screen.getByRole("list", { name: "Offene Einladungen" });
    expect(invites.textContent).toContain("Betrachter, kein Standort · Link gilt bis 01.12.2026, 09:00 UTC");
    expect(screen.getByRole("list", { name: "Verlauf" }).textContent).toContain("owner@example.com hat lena@example.com eingeladen (Staff at Hafen)");
    const waiting = screen.getByRole("note");
    expect(waiting.textContent).toContain("Übergabe ausstehend: lena@example.com kann bis 30.11.2026, 09:00 UTC annehmen.");
    expect(within(waiting).getByRole("button", { name: "Übergabe zurückziehen" })).toBeTruthy();
  });

  it("in English, as the spec words it; on the Free plan it says why", async () => {
    await renderRoute(team, { path: "/settings/team", loaderData: screenData({ included: false, locations: [] }) });
    expect(screen.getByText("Locations and a team are part of Pro and Enterprise. Upgrade to use them.")).toBeTruthy();
    const lena = screen.getByRole("listitem", { name: "lena@example.com" });
    expect(lena.textContent).toContain("Staff at Hafen · joined Nov 20, 2026, 9:00 AM UTC");
    expect(screen.getAllByText("No locations yet.", { exact: false })[0]!.textContent).toBe("No locations yet. Add them in Locations.");
    expect(screen.getByRole("list", { name: "Invitations waiting" }).textContent).toContain("Viewer, no location · link works until");
  });
});
