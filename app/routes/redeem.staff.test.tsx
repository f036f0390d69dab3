// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OneTimeSecret } from "~/features/integrations/integrations-ui";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import * as staffLinks from "./redeem.staff";

afterEach(cleanup);

describe("secrets shown once", () => {
  it("a new API key has a Copy button that copies it", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<OneTimeSecret label="Your new API key" value="lqr_live_abc123" />);
    fireEvent.click(screen.getByRole("button", { name: "Copy Your new API key" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("lqr_live_abc123"));
    expect(await screen.findByText("Your new API key copied")).toBeTruthy();
  });

  it("a new staff link has a Copy button beside it", async () => {
    const Page = staffLinks.default as unknown as ComponentType<{ loaderData: unknown; actionData: unknown }>;
    const Stub = createRoutesStub([
      {
        path: "/redeem/staff",
        Component: () => (
          <Page
            loaderData={{ links: [], campaigns: [], locations: [] }}
            actionData={{ created: { label: "Front counter", url: "https://qr.example.com/redeem/staff/abc" } }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/redeem/staff"]} />);
    expect(((await screen.findByRole("textbox", { name: "Staff link" })) as HTMLInputElement).value).toBe("https://qr.example.com/redeem/staff/abc");
    expect(screen.getByRole("button", { name: "Copy Staff link" })).toBeTruthy();
  });
});
