// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "./general-error-boundary";

afterEach(cleanup);

const REFUSED = "This page is not part of your role in this business. Ask its owner if you need it.";
/** What a thrown `data(text, { status })` reaches a boundary as. */
const thrown = (status: number, data: string) => ({ status, statusText: "", internal: false, data });

function show(error: unknown) {
  const element = (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: "Campaign not found", message: "Gone." } }}
      unexpectedErrorHandler={{ title: "Failed", message: "Try again." }}
    />
  );
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
}

describe("the error boundary", () => {
  it("shows a role's refusal in its own words even where a page has its own unexpected-error screen", () => {
    show(thrown(403, REFUSED));
    expect(screen.getByRole("heading", { name: "Error 403" })).toBeTruthy();
    expect(screen.getByText(REFUSED)).toBeTruthy();
    expect(screen.queryByText("Try again.")).toBeNull();
  });

  it("keeps the page's own screens for the statuses it names and for anything else", () => {
    show(thrown(404, "Campaign not found"));
    expect(screen.getByText("Gone.")).toBeTruthy();
    cleanup();
    show(thrown(409, "Conflict"));
    expect(screen.getByText("Try again.")).toBeTruthy();
  });
});
