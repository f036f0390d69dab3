import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import type { Env } from "~/utils/env.server";
import { createEdge, newNonce, takeRequest } from "./edge";

describe("newNonce", () => {
  it("gives 16 random bytes in base64, never the same twice across pool refills", () => {
    const nonces = Array.from({ length: 1_000 }, newNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("takeRequest's header block", () => {
  const env = { appUrl: new URL("https://leadqr.example"), appOrigin: "https://leadqr.example", TRUST_PROXY: false } as unknown as Env;
  const edge = createEdge(env, { loadBuild: () => Promise.reject(new Error("not used")) });
  const take = (headers: "now" | "with the answer") => {
    const req = new IncomingMessage(new Socket());
    Object.assign(req, { method: "GET", url: "/q/abc", headers: { host: "leadqr.example" } });
    const res = new ServerResponse(req);
    return { res, taken: takeRequest(edge, req, res, { refusal: null, clientAddress: "203.0.113.9", requestId: "request-1" }, headers) };
  };

  it("is helmet's headers with this answer's nonce and the request id, in the order stamping sets them", () => {
    const { res, taken } = take("with the answer");
    expect(res.getHeaderNames()).toEqual([]);
    const block = taken.headerBlock();
    taken.stampHeaders();
    const names = block.filter((_, index) => index % 2 === 0);
    expect(names.map((name) => name.toLowerCase())).toEqual(res.getHeaderNames());
    expect(block.filter((_, index) => index % 2 === 1)).toEqual(names.map((name) => String(res.getHeader(name))));
    expect(res.getHeader("content-security-policy")).toContain(`'nonce-${taken.nonce}'`);
    expect(res.getHeader("x-request-id")).toBe("request-1");
  });

  it("is set on the response at once unless the answer writes it", () => {
    expect(take("now").res.getHeader("x-request-id")).toBe("request-1");
  });
});
