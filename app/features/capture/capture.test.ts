import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_DESIGN, pageDesignOf, safeLogoUrl } from "./capture";

describe("pageDesignOf", () => {
  it("defaults to the Ocean Blue gradient, rounded, modern, centered", () => {
    expect(pageDesignOf(null)).toEqual(DEFAULT_PAGE_DESIGN);
    expect(pageDesignOf({})).toEqual(DEFAULT_PAGE_DESIGN);
    expect(pageDesignOf("not json")).toEqual(DEFAULT_PAGE_DESIGN);
  });

  it("reads an object or the spec's JSON string", () => {
    const stored = {
      primary_color: "#ea580c",
      secondary_color: "#FB923C",
      text_color: "#111827",
      button_style: "pill",
      font_style: "classic",
      layout: "split",
    } as const;
    const expected = {
      primary: "#EA580C",
      secondary: "#FB923C",
      text: "#111827",
      hover: "#FB923C",
      buttonStyle: "pill",
      fontStyle: "classic",
      layout: "split",
    };
    expect(pageDesignOf(stored)).toEqual(expected);
    expect(pageDesignOf(JSON.stringify(stored))).toEqual(expected);
  });

  it("never lets anything but #RRGGBB and known keywords through", () => {
    const design = pageDesignOf({
      primary_color: "red;background:url(https://evil)",
      secondary_color: "#3B82F6",
      text_color: "#FFF",
      button_style: "blob" as never,
      font_style: "x" as never,
      layout: "<script>" as never,
    });
    expect(design).toEqual(DEFAULT_PAGE_DESIGN);
  });
});

describe("safeLogoUrl", () => {
  it("keeps our uploads and https images only", () => {
    expect(safeLogoUrl("/uploads/qr-logos/a.png")).toBe("/uploads/qr-logos/a.png");
    expect(safeLogoUrl("https://cdn.example.com/logo.png")).toBe("https://cdn.example.com/logo.png");
    expect(safeLogoUrl("javascript:alert(1)")).toBeNull();
    expect(safeLogoUrl("//evil.example/x.png")).toBeNull();
    expect(safeLogoUrl("http://plain.example/x.png")).toBeNull();
    expect(safeLogoUrl(null)).toBeNull();
  });
});
