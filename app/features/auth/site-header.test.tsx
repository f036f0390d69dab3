// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SiteHeader, type HeaderUser } from "./site-header";
import { headerWords } from "./site-header.server";

afterEach(cleanup);

function renderHeader(user: HeaderUser) {
  const Stub = createRoutesStub([{ path: "/dashboard", Component: () => <SiteHeader user={user} words={headerWords("Pro")} /> }]);
  render(<Stub initialEntries={["/dashboard"]} />);
  // The user menu on a laptop; the phone menu holds the same links.
  return within(screen.getByText("User menu:", { exact: false }).closest("details")!);
}

describe("the header's own settings", () => {
  it("gives the owner Settings", () => {
    const menu = renderHeader({ email: "owner@example.org", isAdmin: false });
    expect(menu.getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    expect(menu.queryByRole("link", { name: "My notifications" })).toBeNull();
  });

  it("gives a manager or viewer their own notifications and sign-in, not the business's Settings", () => {
    for (const member of ["manager", "viewer"] as const) {
      const menu = renderHeader({ email: "mara@example.org", isAdmin: false, member });
      expect(menu.getByRole("link", { name: "My notifications" }).getAttribute("href")).toBe("/settings/notifications");
      expect(menu.getByRole("link", { name: "Sign-in and passkeys" }).getAttribute("href")).toBe("/settings/sign-in");
      expect(menu.queryByRole("link", { name: "Settings" })).toBeNull();
      cleanup();
    }
  });
});

describe("the header's switcher between businesses", () => {
  const businesses = [
    { id: "own-id", name: null, current: false },
    { id: "azul-id", name: "Café Azul", current: true },
    { id: "verde-id", name: "Bistro Verde", current: false },
  ];

  it("is absent for a sign-in in one business", () => {
    renderHeader({ email: "owner@example.org", isAdmin: false });
    expect(screen.queryByText("Switch business:", { exact: false })).toBeNull();
  });

  it("names the current business, lists each with the current one marked, and posts the choice", async () => {
    const posted: string[] = [];
    const Stub = createRoutesStub([
      {
        path: "/dashboard",
        Component: () => <SiteHeader user={{ email: "mia@example.org", isAdmin: false, member: "manager", businesses }} words={headerWords("Pro")} />,
      },
      {
        path: "/business/switch",
        Component: () => null,
        action: async ({ request }) => {
          posted.push(String((await request.formData()).get("businessId")));
          return null;
        },
      },
    ]);
    render(<Stub initialEntries={["/dashboard"]} />);
    const summary = screen.getByText("Switch business:", { exact: false }).closest("summary")!;
    expect(summary.textContent).toBe("Switch business: Café Azul");
    const menu = within(summary.closest("details")!);
    const items = menu.getAllByRole("button");
    expect(items.map((item) => [item.textContent, item.getAttribute("aria-current")])).toEqual([
      ["Your business", null],
      ["Café Azul current", "true"],
      ["Bistro Verde", null],
    ]);
    items[2]!.click();
    await waitFor(() => expect(posted).toEqual(["verde-id"]));
  });
});
