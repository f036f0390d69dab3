import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggedUrl, logger } from "./logger.server";

describe("loggedUrl", () => {
  it("hides the values of code, state and token, and keeps the rest of the target", () => {
    expect(loggedUrl("/settings/integrations/sync/mailchimp/callback?code=abc123&state=s-1&scope=x")).toBe(
      "/settings/integrations/sync/mailchimp/callback?code=[redacted]&state=[redacted]&scope=x",
    );
    expect(loggedUrl("/verify-email?token=eyJhbGciOi.x.y")).toBe("/verify-email?token=[redacted]");
    expect(loggedUrl("http://localhost:3000/reset-password?a=1&Token=t#top")).toBe("http://localhost:3000/reset-password?a=1&Token=[redacted]#top");
    expect(loggedUrl("/tls/ask?domain=go.cafe.example&token=")).toBe("/tls/ask?domain=go.cafe.example&token=[redacted]");
  });

  it("leaves parameters that only end in those names, paths and targets without a query alone", () => {
    expect(loggedUrl("/redeem?promocode=A&unstate=B&tokens=C")).toBe("/redeem?promocode=A&unstate=B&tokens=C");
    expect(loggedUrl("/code=1/state")).toBe("/code=1/state");
    expect(loggedUrl(undefined)).toBeUndefined();
  });
});

describe("the logger", () => {
  it("writes a line's url with the secrets hidden", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) });
    // The app's logger with its serializers, writing here instead of stdout.
    const serializers = (logger as unknown as Record<symbol, pino.LoggerOptions["serializers"]>)[pino.symbols.serializersSym];
    const probe = pino({ level: "info", serializers }, sink);
    probe.warn({ url: "http://localhost/settings/integrations/sync/google/callback?state=S&code=C" }, "database unavailable");
    expect(JSON.parse(lines[0]!).url).toBe("http://localhost/settings/integrations/sync/google/callback?state=[redacted]&code=[redacted]");
  });
});
