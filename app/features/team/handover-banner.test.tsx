// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, expect, it } from "vitest";
import { HandoverBanner } from "./handover-banner";

afterEach(cleanup);

it("names the business offered, by name or by its owner's email, and links the answer", () => {
  for (const business of ["Café Azul", "mia@example.com"]) {
    const Stub = createRoutesStub([{ path: "/dashboard", Component: () => <HandoverBanner business={business} /> }]);
    render(<Stub initialEntries={["/dashboard"]} />);
    expect(screen.getByRole("note").textContent).toBe(`A hand-over is waiting for you: ${business}. Review the hand-over`);
    expect(screen.getByRole("link", { name: "Review the hand-over" }).getAttribute("href")).toBe("/team/handover");
    cleanup();
  }
});
