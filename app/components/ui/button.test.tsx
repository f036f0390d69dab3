// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button";

afterEach(cleanup);

describe("buttons", () => {
  it("never break mid-word, whatever their cell does", () => {
    render(
      <div className="wrap-anywhere">
        <Button>Send my 12 existing leads</Button>
      </div>,
    );
    expect(screen.getByRole("button").className.split(" ")).toContain("break-normal");
    for (const size of ["sm", "md", "lg", "block"] as const) expect(buttonClass({ size }).split(" ")).toContain("break-normal");
  });
});
