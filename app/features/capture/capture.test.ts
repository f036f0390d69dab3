import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_DESIGN, deviceTypeOf, isCountedView, pageDesignOf, safeLogoUrl } from "./capture";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

const view = (method: string, headers: Record<string, string>) => new Request("http://x/capture/1", { method, headers });

describe("isCountedView", () => {
  it("counts a browser's GET", () => {
    expect(isCountedView(view("GET", { "user-agent": IPHONE }))).toBe(true);
    expect(isCountedView(view("GET", { "user-agent": DESKTOP }))).toBe(true);
  });

  it.each([
    ["HEAD", { "user-agent": IPHONE }],
    ["GET", {}],
    ["GET", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }],
    ["GET", { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" }],
    ["GET", { "user-agent": "WhatsApp/2.23.20.0" }],
    ["GET", { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" }],
    ["GET", { "user-agent": DESKTOP, "sec-purpose": "prefetch" }],
    ["GET", { "user-agent": DESKTOP, "sec-purpose": "prefetch;prerender" }],
    ["GET", { "user-agent": DESKTOP, purpose: "prefetch" }],
    ["GET", { "user-agent": DESKTOP, "x-moz": "prefetch" }],
  ])("does not count %s %j", (method, headers) => {
    expect(isCountedView(view(method, headers))).toBe(false);
  });
});

describe("deviceTypeOf", () => {
  it("tells phones from computers", () => {
    expect(deviceTypeOf(IPHONE)).toBe("mobile");
    expect(deviceTypeOf(ANDROID)).toBe("mobile");
    expect(deviceTypeOf(DESKTOP)).toBe("desktop");
    expect(deviceTypeOf(null)).toBe("desktop");
  });
});

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
