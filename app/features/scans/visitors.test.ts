import { describe, expect, it } from "vitest";
import { deviceTypeOf, exclusionOf, isCountedView, osOf, sourceOf } from "./visitors";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const headers = (values: Record<string, string>) => new Headers(values);
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

const view = (method: string, headers: Record<string, string>) => new Request("http://x/capture/1", { method, headers });

describe("exclusionOf", () => {
  it.each([
    ["WhatsApp", "WhatsApp/2.23.20.0"],
    ["Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"],
    [
      "iMessage",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    ],
    ["Slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    ["X", "Twitterbot/1.0"],
    ["Telegram", "TelegramBot (like TwitterBot)"],
    ["Discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"],
    ["LinkedIn", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"],
    ["Skype/Teams", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com"],
    [
      "Applebot",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    ],
  ])("a %s link preview is a preview", (_name, userAgent) => {
    expect(exclusionOf("GET", headers({ "user-agent": userAgent }))).toBe("preview");
  });

  it.each([
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["Bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    ["curl", "curl/8.5.0"],
    ["python", "python-requests/2.31.0"],
    ["headless Chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36"],
    ["no user agent", ""],
  ])("%s is a bot", (_name, userAgent) => {
    expect(exclusionOf("GET", headers({ "user-agent": userAgent }))).toBe("bot");
  });

  it("HEAD and speculative loads are told apart from people", () => {
    expect(exclusionOf("HEAD", headers({ "user-agent": IPHONE }))).toBe("head");
    expect(exclusionOf("GET", headers({ "user-agent": IPHONE, "sec-purpose": "prefetch;prerender" }))).toBe("prefetch");
    expect(exclusionOf("GET", headers({ "user-agent": IPHONE, purpose: "prefetch" }))).toBe("prefetch");
  });

  it.each([
    ["Safari on iPhone", IPHONE],
    [
      "Instagram in-app browser",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92 (iPhone15,2; iOS 17_4; en_US)",
    ],
    [
      "Facebook in-app browser",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/458.0.0.39.108;FBBV/580000000]",
    ],
    ["Chrome on Android", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"],
  ])("%s is a person", (_name, userAgent) => {
    expect(exclusionOf("GET", headers({ "user-agent": userAgent }))).toBeNull();
  });
});

describe("osOf and sourceOf", () => {
  it("reduces the user agent to an OS family", () => {
    expect(osOf(IPHONE)).toBe("iOS");
    expect(osOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36")).toBe("Android");
    expect(osOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36")).toBe("Windows");
    expect(osOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15")).toBe("macOS");
    expect(osOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36")).toBe("Linux");
    expect(osOf("Nokia6300/2.0")).toBe("Other");
    expect(osOf(null)).toBe("Other");
  });

  it("counts only ?s=qr as a printed code", () => {
    expect(sourceOf(new URLSearchParams("s=qr&p=x"))).toBe("qr");
    expect(sourceOf(new URLSearchParams("s=QR"))).toBe("link");
    expect(sourceOf(new URLSearchParams(""))).toBe("link");
  });
});

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
