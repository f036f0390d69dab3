// @vitest-environment happy-dom
// The campaign page's parts in the owner's language: the heat map's weekdays, the funnel (English
// as it was), a refused placement form's answer and the range's notice. The whole page in German
// is in routes/campaign-detail.test.tsx.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OwnerLanguageContext } from "~/features/languages/owner/owner-language-context";
import "~/features/languages/owner/owner-language.server";
import { placementRefusal, unknownPlacementIntent } from "~/features/placements/placement-actions.server";
import { DomainError } from "~/utils/domain-error";
import { resolveRange } from "~/features/analytics/analytics";
import { HeatMap } from "~/features/analytics/analytics-charts";
import { RedeemFunnel } from "~/features/analytics/funnel";

afterEach(cleanup);

describe("the campaign page's parts for an owner whose language is de", () => {
  it("the heat map's weekdays and hours-shown line are German", () => {
    const cells = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    cells[4]![18] = 1;
    render(
      <OwnerLanguageContext.Provider value="de">
        <HeatMap cells={cells} />
      </OwnerLanguageContext.Provider>,
    );
    expect(screen.getByTestId("heat-summary").textContent).toBe("Stärkste Stunde: Fr 18:00–19:00 mit 1 Scan, in Ihrer Zeitzone.");
    expect(screen.getByTestId("heat-hours-shown").textContent).toBe("Stunden 18:00–19:00; außerhalb keine Scans.");
    const phone = screen.getByRole("region", { name: "Scans nach Stunde und Wochentag" });
    expect([...phone.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
  });

  it("the funnel in English stays as it was", () => {
    render(<RedeemFunnel scans={1234} leads={300} redeemed={30} />);
    expect(screen.getByRole("list", { name: "Funnel: scans, leads, redeemed" })).toBeTruthy();
    expect(screen.getByTestId("funnel-scans").textContent).toBe("1,234");
    expect(screen.getByText("24.3%")).toBeTruthy();
  });

  it("a refused placement form answers in German", () => {
    const fields = { intent: "addPlacement", name: "Schaufenster" };
    expect(placementRefusal(fields, new DomainError("placement_name_taken", "taken"), "de").fieldErrors).toEqual({
      name: "Diese Kampagne hat bereits eine Platzierung mit diesem Namen",
    });
    expect(placementRefusal(fields, new DomainError("placement_limit", "limit"), "de").formError).toBe(
      "Eine Kampagne kann höchstens 50 Platzierungen haben",
    );
    expect(placementRefusal(fields, new DomainError("placement_limit", "limit"), "en").formError).toBe("A campaign can have at most 50 placements");
    expect(unknownPlacementIntent(fields, "de").formError).toBe("Unbekannte Aktion");
  });

  it("a custom range that cannot be used is explained in German", () => {
    const reversed = { range: "custom", from: "2026-11-20", to: "2026-11-10" } as Parameters<typeof resolveRange>[0];
    expect(resolveRange(reversed, "2026-11-28", "de").notice).toBe("Das Startdatum liegt nach dem Enddatum. Angezeigt werden die letzten 30 Tage.");
    expect(resolveRange(reversed, "2026-11-28").notice).toBe("The start date is after the end date. Showing the last 30 days.");
  });
});
