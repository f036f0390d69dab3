import { describe, expect, it } from "vitest";
import { firstNameOf, foldedAlertText, isQuiet, leadAlertText, minutesOf } from "./alert-text";

describe("what an alert says", () => {
  it("names the visitor by their first word only, and never by an address or a number", () => {
    expect(firstNameOf("  María José López ")).toBe("María");
    expect(firstNameOf("maria@example.com")).toBe("Someone");
    expect(firstNameOf("+34600000000")).toBe("Someone");
    expect(firstNameOf("\u202eevil\u202c")).toBe("evil");
    expect(firstNameOf("")).toBe("Someone");
  });

  it("gives the campaign, the placement and the time in the owner's zone, and the lead's link", () => {
    const text = leadAlertText({
      name: "Ana Pérez",
      campaignTitle: "Spring Offer",
      placement: "Window poster",
      collectedAt: new Date("2026-03-01T13:05:00Z"),
      timeZone: "Europe/Madrid",
      leadUrl: "https://qr.example.com/leads/1",
    });
    expect(text).toBe("New lead: Ana, Spring Offer (Window poster), 14:05\nhttps://qr.example.com/leads/1");
  });

  it("names the placement's location when it has one", () => {
    const facts = { name: "Ana", campaignTitle: "Spring Offer", collectedAt: new Date("2026-03-01T13:05:00Z"), timeZone: "UTC", leadUrl: "u" };
    expect(leadAlertText({ ...facts, placement: "Window poster", location: "Harbour" })).toBe(
      "New lead: Ana, Spring Offer (Window poster at Harbour), 13:05\nu",
    );
    expect(leadAlertText({ ...facts, placement: null, location: null })).toBe("New lead: Ana, Spring Offer, 13:05\nu");
    // A viewer's alert (no lead details in that role): no visitor named.
    expect(leadAlertText({ ...facts, name: null, placement: "Window poster", location: "Harbour" })).toBe(
      "New lead: Spring Offer (Window poster at Harbour), 13:05\nu",
    );
  });

  it("folds a crowd into one line per channel", () => {
    const now = new Date("2026-03-01T13:05:00Z");
    const oldest = new Date(now.getTime() - 90_000);
    expect(foldedAlertText({ count: 23, campaigns: ["Spring Offer"], oldest, now, leadsUrl: "u" })).toBe(
      "23 new leads in the last 2 minutes on Spring Offer\nu",
    );
    expect(foldedAlertText({ count: 4, campaigns: ["A", "B", "C"], oldest: new Date(now.getTime() - 3 * 3_600_000), now, leadsUrl: "u" })).toBe(
      "4 new leads in the last 3 hours on A and 2 other campaigns\nu",
    );
  });
});

describe("quiet hours", () => {
  it("hold in the owner's zone, across midnight too", () => {
    const at = new Date("2026-03-01T22:30:00Z"); // 23:30 in Madrid
    expect(isQuiet(at, "Europe/Madrid", minutesOf("23:00"), minutesOf("07:00"))).toBe(true);
    expect(isQuiet(at, "UTC", minutesOf("23:00"), minutesOf("07:00"))).toBe(false);
    expect(isQuiet(at, "Europe/Madrid", minutesOf("08:00"), minutesOf("23:30"))).toBe(false);
    expect(isQuiet(at, "Europe/Madrid", null, null)).toBe(false);
    expect(minutesOf("24:00")).toBeNull();
  });
});
