// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/lead-detail";
import * as leadDetail from "./lead-detail";

afterEach(cleanup);

type Lead = Route.ComponentProps["loaderData"]["lead"];
const id = "0d6c1d0e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id,
    name: "Layla Haddad",
    email: "layla@example.com",
    phone: null,
    isMasked: false,
    campaign: { id: "c1", title: "Croissant Club" },
    collectedAt: "2026-11-23T09:00:00.000Z",
    scan: null,
    status: "given",
    offerCode: { code: "K7M-4QX-9D", status: "redeemed", expiresAt: null, redeemedAt: "2026-11-24T10:30:00.000Z" },
    consent: {
      mode: "checkbox",
      ticked: true,
      wording: "أوافق على تلقي العروض",
      language: "ar",
      givenAt: "2026-11-23T09:00:00.000Z",
      clientAddress: null,
      userAgent: null,
      confirmationSentAt: null,
      confirmExpiresAt: null,
      confirmedAt: null,
      confirmedAddress: null,
      withdrawnAt: null,
    },
    otherLeads: [],
    ...overrides,
  } as Lead;
}

describe("a lead's page", () => {
  it("shows the offer code with its state, and the visitor's language", async () => {
    await renderRoute(leadDetail, { path: "/leads/:leadId", url: `/leads/${id}`, loaderData: { lead: lead(), timeZone: "UTC" } });
    expect(screen.getByTestId("lead-offer-code").textContent).toBe("K7M-4QX-9D");
    const code = screen.getByText("Offer code").nextElementSibling!;
    expect(code.textContent).toBe("K7M-4QX-9DRedeemedredeemed Nov 24, 2026, 10:30:00 AM");
    expect(screen.getByText("Visitor's language").nextElementSibling!.textContent).toBe("العربية (ar)");
  });

  it("isolates the quoted consent wording, which may run right to left", async () => {
    await renderRoute(leadDetail, { path: "/leads/:leadId", url: `/leads/${id}`, loaderData: { lead: lead(), timeZone: "UTC" } });
    const wording = screen.getByTestId("consent-wording");
    expect(wording.getAttribute("dir")).toBe("auto");
    expect(wording.textContent).toBe("أوافق على تلقي العروض");
  });

  it("hides a masked lead's code but still says where it stands", async () => {
    const masked = lead({ isMasked: true, offerCode: { code: null, status: "valid", expiresAt: "2026-12-31T23:00:00.000Z", redeemedAt: null } });
    await renderRoute(leadDetail, { path: "/leads/:leadId", url: `/leads/${id}`, loaderData: { lead: masked, timeZone: "UTC" } });
    expect(screen.queryByTestId("lead-offer-code")).toBeNull();
    expect(screen.getByText("Offer code").nextElementSibling!.textContent).toBe("Hidden on the Free planValidvalid until Dec 31, 2026, 11:00:00 PM");
  });
});
