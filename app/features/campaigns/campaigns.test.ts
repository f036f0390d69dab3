// Rules: docs/features/campaigns-and-print.md ("Campaign fields and validation").
import { describe, expect, it } from "vitest";
import {
  BUSINESS_TYPES,
  COLOR_PRESETS,
  DEFAULT_DESIGN,
  captureUrl,
  qrCodeUrl,
  containsPattern,
  contentDisposition,
  conversionRate,
  qrFileName,
} from "./campaigns";

describe("conversionRate", () => {
  it("is leads over scans as a percentage with one decimal", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(5, 5)).toBe(100);
    expect(conversionRate(1, 8)).toBe(12.5);
  });
  it("is 0 when either count is zero or missing", () => {
    expect(conversionRate(0, 10)).toBe(0);
    expect(conversionRate(3, 0)).toBe(0);
    expect(conversionRate(null, 4)).toBe(0);
    expect(conversionRate(4, undefined)).toBe(0);
  });
});

describe("constants from the spec", () => {
  // The product names 62 business types (its text says 63); we keep exactly those names.
  it("has the listed business types, Other last", () => {
    expect(BUSINESS_TYPES).toHaveLength(62);
    expect(new Set(BUSINESS_TYPES).size).toBe(BUSINESS_TYPES.length);
    expect(BUSINESS_TYPES[0]).toBe("Restaurant");
    expect(BUSINESS_TYPES.at(-1)).toBe("Other");
  });
  it("has the six colour presets and Ocean Blue defaults", () => {
    expect(COLOR_PRESETS.map((p) => `${p.name} ${p.primary}/${p.secondary}`)).toEqual([
      "Ocean Blue #1E40AF/#3B82F6",
      "Sunset Orange #EA580C/#FB923C",
      "Forest Green #059669/#10B981",
      "Royal Purple #7C3AED/#A855F7",
      "Rose Pink #E11D48/#F43F5E",
      "Cyber Teal #0891B2/#06B6D4",
    ]);
    expect(DEFAULT_DESIGN).toMatchObject({
      primary_color: "#1E40AF",
      secondary_color: "#3B82F6",
      text_color: "#FFFFFF",
      button_style: "rounded",
      font_style: "modern",
      layout: "centered",
    });
  });
});

describe("QR file names", () => {
  it("keeps a plain title", () => {
    expect(qrFileName("Summer Sale", "png")).toBe("Summer Sale-qr-code.png");
  });
  it("drops characters that break headers or paths", () => {
    expect(qrFileName('../"evil"\r\n;name=x', "svg")).toBe("evilnamex-qr-code.svg");
    expect(qrFileName("☕☕", "png")).toBe("campaign-qr-code.png");
    expect(qrFileName("Café", "png")).toBe("Cafe-qr-code.png");
  });
  it("puts the full title in filename* and no raw quote or newline in the header", () => {
    const header = contentDisposition('Coffee "☕" \n Deal', "png");
    expect(header).toMatch(/^attachment; filename="Coffee Deal-qr-code.png"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('Coffee "☕"   Deal-qr-code.png');
  });
});

describe("captureUrl and containsPattern", () => {
  it("builds the capture address", () => {
    expect(captureUrl("https://leadqr.example/", "abc")).toBe("https://leadqr.example/capture/abc");
  });
  it("marks what a printed code encodes, with its placement when it has one", () => {
    expect(qrCodeUrl("https://leadqr.example/", "abc")).toBe("https://leadqr.example/capture/abc?s=qr");
    expect(qrCodeUrl("https://leadqr.example", "abc", "p1")).toBe("https://leadqr.example/capture/abc?s=qr&p=p1");
  });
  it("escapes LIKE wildcards", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
