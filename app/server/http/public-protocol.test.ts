import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import type { Edge } from "./edge";
import type { GuardRules } from "./guard";
import { publicProtocol, publicProtocolOf } from "./public-protocol";

const appUrl = new URL("https://leadqr.example");
const plain = { expressProtocol: "http", trustedForwardedProto: false };

describe("publicProtocolOf", () => {
  it("takes https for an owner's domain reached over plain HTTP from Caddy, without TRUST_PROXY", () => {
    expect(publicProtocolOf({ ...plain, host: "go.cafe.test" }, appUrl)).toBe("https");
  });

  it("takes APP_URL's scheme on APP_URL's host, and the socket's on localhost or an address", () => {
    expect(publicProtocolOf({ ...plain, host: "leadqr.example" }, appUrl)).toBe("https");
    expect(publicProtocolOf({ ...plain, host: "LEADQR.example" }, appUrl)).toBe("https");
    expect(publicProtocolOf({ ...plain, host: "localhost:3000" }, appUrl)).toBe("http");
    expect(publicProtocolOf({ ...plain, host: "127.0.0.1:3000" }, appUrl)).toBe("http");
    expect(publicProtocolOf({ ...plain, host: "localhost:3000" }, new URL("http://localhost:3000"))).toBe("http");
  });

  it("believes a trusted proxy's X-Forwarded-Proto as Express read it", () => {
    expect(publicProtocolOf({ host: "go.cafe.test", expressProtocol: "http", trustedForwardedProto: true }, appUrl)).toBe("http");
    expect(publicProtocolOf({ host: "localhost", expressProtocol: "https", trustedForwardedProto: true }, appUrl)).toBe("https");
  });
});

/** `req.protocol` as a route after the middleware reads it, for a request from loopback. */
async function protocolSeen(trustProxy: unknown, headers: Record<string, string>) {
  const trust = express().set("trust proxy", trustProxy).get("trust proxy fn") as GuardRules["trust"];
  const edge = { env: { appUrl }, rules: { trust } } as unknown as Edge;
  const app = express().set("trust proxy", trustProxy);
  app.use(publicProtocol(edge));
  app.get("/", (req, res) => void res.send(req.protocol));
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    // Not fetch: it sends its own Host.
    return await new Promise<string>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, path: "/", headers }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve(body));
        })
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

describe("publicProtocol (the middleware before React Router)", () => {
  it("gives React Router https for an owner's domain behind Caddy, and keeps a trusted proxy's word", async () => {
    expect(await protocolSeen(false, { host: "go.cafe.test", "x-forwarded-proto": "https" })).toBe("https");
    expect(await protocolSeen(false, { host: "go.cafe.test" })).toBe("https");
    expect(await protocolSeen("loopback", { host: "go.cafe.test", "x-forwarded-proto": "http" })).toBe("http");
    expect(await protocolSeen(false, { host: "localhost" })).toBe("http");
    // An untrusted client's header changes nothing on our own address.
    expect(await protocolSeen(false, { host: "localhost", "x-forwarded-proto": "https" })).toBe("http");
  });
});
