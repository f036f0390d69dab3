// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import type { Language } from "~/features/languages/languages";
import { HandoverBanner } from "./handover-banner";
import { handoverBannerParts } from "./handover-banner.server";
// The server's module holds every owner catalogue, as the layout's loader does.
import "~/features/languages/owner/owner-language.server";

afterEach(cleanup);

function showBanner(business: string, language: Language) {
  const parts = handoverBannerParts(business, language);
  const Stub = createRoutesStub([{ path: "/dashboard", Component: () => <HandoverBanner parts={parts} /> }]);
  render(<Stub initialEntries={["/dashboard"]} />);
}

it("names the business offered, by name or by its owner's email, and links the answer", () => {
  for (const business of ["Café Azul", "mia@example.com"]) {
    showBanner(business, "en");
    expect(screen.getByRole("note").textContent).toBe(`A hand-over is waiting for you: ${business}. Review the hand-over`);
    expect(screen.getByRole("link", { name: "Review the hand-over" }).getAttribute("href")).toBe("/team/handover");
    cleanup();
  }
});

it("speaks the member's language, and a name with markup or braces in it stays as typed", () => {
  showBanner("Bäckerei <b>{{x}}</b>", "de");
  expect(screen.getByRole("note").textContent).toBe("Eine Übergabe wartet auf Sie: Bäckerei <b>{{x}}</b>. Übergabe ansehen");
  expect(screen.getByRole("link", { name: "Übergabe ansehen" }).getAttribute("href")).toBe("/team/handover");
  cleanup();
  showBanner("مقهى", "ar");
  expect(screen.getByRole("link", { name: "مراجعة نقل الملكية" })).toBeTruthy();
});
