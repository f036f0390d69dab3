// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
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
