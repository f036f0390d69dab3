// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import type { Route } from "./+types/settings.domains";
import * as domains from "./settings.domains";

afterEach(cleanup);

type Domain = NonNullable<Route.ComponentProps["loaderData"]["domain"]>;

function domain(overrides: Partial<Domain> = {}): Domain {
  return {
    hostname: "go.mycafe.com",
    state: "pending",
    status: { label: "Waiting for DNS", next: "Publish the two records below, then press Verify." },
    stepsDone: 0,
    targetReach: "public",
    lastCheckedAt: "2026-11-28T06:05:00.000Z",
    records: {
      cname: { type: "CNAME", name: "go.mycafe.com", value: "qr.example.com" },
      txt: { type: "TXT", name: "_leadqr.go.mycafe.com", value: "leadqr-verify=0123" },
    },
    ...overrides,
  } as Domain;
}

describe("the Domains screen", () => {
  it("says when the CNAME target is an address no phone can reach, and greys the records", async () => {
    await renderRoute(domains, {
      path: "/settings/domains",
      loaderData: {
        included: true,
        domain: domain({
          targetReach: "unreachable",
          records: { ...domain().records, cname: { type: "CNAME", name: "go.mycafe.com", value: "localhost" } },
        }),
      },
    });
    const note = screen.getByRole("note", { name: "These records point at an address no phone can reach" });
    expect(note.textContent).toContain("This LeadQR runs at localhost, which only this computer can open");
    expect(screen.getByRole("button", { name: "Copy CNAME value" }).closest(".grayscale")).not.toBeNull();
  });

  it("warns about a private-network target too, and says nothing about a public one", async () => {
    await renderRoute(domains, { path: "/settings/domains", loaderData: { included: true, domain: domain({ targetReach: "local-network" }) } });
    expect(screen.getByRole("note", { name: "These records point at a local network address" })).toBeTruthy();
    cleanup();
    await renderRoute(domains, { path: "/settings/domains", loaderData: { included: true, domain: domain() } });
    expect(screen.queryByRole("note", { name: /These records point/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Copy CNAME value" }).closest(".grayscale")).toBeNull();
  });

  it("formats Checked like every other date, and shows the steps ahead with the current one marked", async () => {
    await renderRoute(domains, { path: "/settings/domains", loaderData: { included: true, domain: domain({ state: "verified", stepsDone: 2 }) } });
    expect(screen.getByText("Checked Nov 28, 2026, 6:05 AM UTC")).toBeTruthy();
    const steps = within(screen.getByRole("list", { name: "Steps ahead" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["1. DNS records found (done)", "2. Domain verified (done)", "3. HTTPS live (ahead)"]);
    expect(steps[2]!.getAttribute("aria-current")).toBe("step");
  });
});
