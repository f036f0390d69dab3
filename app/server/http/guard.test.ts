import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { guardRequest, takeNormalPath, takeOriginForm, type GuardRules } from "./guard";

const LIMITS = { form: 1_000, upload: 50_000 };
const trustOf = (setting: unknown) => express().set("trust proxy", setting).get("trust proxy fn") as GuardRules["trust"];
const rules: GuardRules = { appOrigin: "https://leadqr.example", trust: trustOf(false), bodyLimits: LIMITS };

function request(method: string, url: string, headers: Record<string, string> = {}, remoteAddress = "203.0.113.9") {
  return { method, url, headers: { host: "leadqr.example", ...headers }, socket: { remoteAddress } as Socket } as unknown as IncomingMessage;
}

describe("guardRequest", () => {
  it("lets a plain page load through with the socket's address and a fresh request id", () => {
    const first = guardRequest(request("GET", "/pricing"), rules);
    const second = guardRequest(request("GET", "/pricing"), rules);
    expect(first.refusal).toBeNull();
    expect(first.clientAddress).toBe("203.0.113.9");
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it("refuses a body without a declared length (411) and one over the form limit (413)", () => {
    expect(guardRequest(request("POST", "/signin", { "transfer-encoding": "chunked" }), rules).refusal).toEqual({
      status: 411,
      message: "Length required.",
    });
    expect(guardRequest(request("POST", "/signin", { "content-length": "1001" }), rules).refusal).toEqual({
      status: 413,
      message: "Request too large.",
    });
    expect(guardRequest(request("POST", "/signin", { "content-length": "1000" }), rules).refusal).toBeNull();
  });

  it("gives upload paths, documents and `.data` alike, the upload limit", () => {
    for (const url of ["/api/logo", "/admin/blog/new", "/admin/blog/new.data"]) {
      expect(guardRequest(request("POST", url, { "content-length": "40000" }), rules).refusal).toBeNull();
      expect(guardRequest(request("POST", url, { "content-length": "50001" }), rules).refusal?.status).toBe(413);
    }
  });

  it("refuses an unsafe request from another site, and lets the same origin, the app's origin and non-browsers through", () => {
    const post = (headers: Record<string, string>) => guardRequest(request("POST", "/signin", headers), rules).refusal;
    expect(post({ origin: "https://evil.example" })).toEqual({ status: 403, message: "Cross-site request refused." });
    expect(post({ origin: "null" })?.status).toBe(403);
    expect(post({ "sec-fetch-site": "cross-site" })?.status).toBe(403);
    expect(post({ origin: "not a url" })?.status).toBe(403);
    expect(post({ origin: "https://leadqr.example" })).toBeNull();
    expect(post({ origin: "https://leadqr.example", host: "internal:3000" })).toBeNull();
    expect(post({})).toBeNull();
    expect(guardRequest(request("GET", "/", { origin: "https://evil.example" }), rules).refusal).toBeNull();
  });

  it("lets Stripe's webhook and a Bearer API call come from anywhere", () => {
    const from = { origin: "https://evil.example", "content-length": "10" };
    expect(guardRequest(request("POST", "/webhooks/stripe", from), rules).refusal).toBeNull();
    expect(guardRequest(request("POST", "/api/v1/leads", { ...from, authorization: "Bearer k" }), rules).refusal).toBeNull();
    expect(guardRequest(request("POST", "/api/v1/leads", from), rules).refusal?.status).toBe(403);
  });

  it("answers a method the routes do not serve with 405 and what they do serve", () => {
    expect(guardRequest(request("TRACE", "/"), rules).refusal).toEqual({
      status: 405,
      message: "Method not allowed.",
      allow: "GET, HEAD, POST",
      api: false,
    });
    expect(guardRequest(request("OPTIONS", "/pricing"), rules).refusal).toMatchObject({ status: 405, api: false });
    expect(guardRequest(request("PATCH", "/api/v1/campaigns/x", { authorization: "Bearer k" }), rules).refusal).toBeNull();
    expect(guardRequest(request("PUT", "/api/v1/campaigns/x", { authorization: "Bearer k" }), rules).refusal).toEqual({
      status: 405,
      message: "Method not allowed.",
      allow: "GET, HEAD, POST, PATCH, DELETE",
      api: true,
    });
  });

  it("takes the client address from X-Forwarded-For only as far as the proxies are trusted", () => {
    const forwarded = { "x-forwarded-for": "198.51.100.1, 192.0.2.44" };
    expect(guardRequest(request("GET", "/", forwarded, "127.0.0.1"), rules).clientAddress).toBe("127.0.0.1");
    expect(guardRequest(request("GET", "/", forwarded, "127.0.0.1"), { ...rules, trust: trustOf(1) }).clientAddress).toBe("192.0.2.44");
    expect(guardRequest(request("GET", "/", forwarded, "127.0.0.1"), { ...rules, trust: trustOf(2) }).clientAddress).toBe("198.51.100.1");
  });
});

describe("takeOriginForm", () => {
  const taken = (url: string, host = "leadqr.example") => {
    const req = request("GET", url, { host });
    return { ok: takeOriginForm(req), url: req.url, host: req.headers.host };
  };

  it("makes a target in absolute form its path and query, on the target's host", () => {
    expect(taken("http://leadqr.example/admin?x=1")).toEqual({ ok: true, url: "/admin?x=1", host: "leadqr.example" });
    expect(taken("HTTPS://Go.Cafe.example:8443/q/ABC123", "leadqr.example")).toEqual({ ok: true, url: "/q/ABC123", host: "go.cafe.example:8443" });
    // Dot segments are resolved as the router resolves them; user information is dropped.
    expect(taken("http://u:p@leadqr.example/assets/../signin")).toEqual({ ok: true, url: "/signin", host: "leadqr.example" });
    expect(taken("http://leadqr.example")).toEqual({ ok: true, url: "/", host: "leadqr.example" });
  });

  it("leaves origin form and the asterisk alone, and refuses other schemes and what does not parse", () => {
    expect(taken("/pricing?a=http://x")).toEqual({ ok: true, url: "/pricing?a=http://x", host: "leadqr.example" });
    expect(taken("*")).toEqual({ ok: true, url: "*", host: "leadqr.example" });
    expect(taken("ftp://leadqr.example/admin").ok).toBe(false);
    expect(taken("javascript:alert(1)").ok).toBe(false);
    expect(taken("http://[::1/admin").ok).toBe(false);
  });
});

describe("takeNormalPath", () => {
  const taken = (url: string) => {
    const req = request("GET", url);
    return { ok: takeNormalPath(req), url: req.url };
  };

  it("decodes escaped letters, digits and - . _ ~ so every rule reads what the router reads; the query is left alone", () => {
    expect(taken("/%63apture/AB%2dcd?next=%2e%2e%2fx")).toEqual({ ok: true, url: "/capture/AB-cd?next=%2e%2e%2fx" });
    expect(taken("/q/ABC%7E_%41")).toEqual({ ok: true, url: "/q/ABC~_A" });
    expect(taken("/blog/caf%C3%A9%20x")).toEqual({ ok: true, url: "/blog/caf%C3%A9%20x" });
    expect(taken("/assets/app.v2.js")).toEqual({ ok: true, url: "/assets/app.v2.js" });
    expect(taken("/a/...b/c..")).toEqual({ ok: true, url: "/a/...b/c.." });
    expect(taken("*")).toEqual({ ok: true, url: "*" });
  });

  it("refuses dot segments, escaped or not, and hidden separators (issue 52, finding 2)", () => {
    for (const url of [
      "/assets/../capture/x",
      "/assets/./x",
      "/..",
      "/assets/%2e%2e/signin",
      "/assets/.%2E/signin",
      "/admin/blog/../../signin?x=1",
      "/assets\\..\\signin",
      "/assets%5c..%5csignin",
      "/assets%2f..%2fsignin",
      "/consent/confirm/a%2Fb",
    ]) {
      expect({ url, ok: taken(url).ok }).toEqual({ url, ok: false });
    }
  });
});
