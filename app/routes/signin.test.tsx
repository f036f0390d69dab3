// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as signin from "./signin";

afterEach(cleanup);

describe("the sign-in screen", () => {
  it("asks for email and password, with a way to create an account", async () => {
    await renderRoute(signin, { path: "/signin" });
    expect((screen.getByLabelText("Email address") as HTMLInputElement).type).toBe("email");
    expect((screen.getByLabelText("Password", { exact: true }) as HTMLInputElement).type).toBe("password");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Sign up|Create/i }).getAttribute("href")).toBe("/signup");
  });
});
