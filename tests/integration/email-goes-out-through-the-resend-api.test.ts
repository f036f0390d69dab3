// The Resend transport through the official SDK, against a local server standing in for Resend's API.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resendTransport } from "~/features/email/transport.server";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
const received: Received[] = [];
let failNext = false;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    received.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(raw || "{}") });
    if (failNext) {
      failNext = false;
      res.writeHead(422, { "content-type": "application/json" });
      return res.end(JSON.stringify({ name: "validation_error", message: "Invalid `to` field.", statusCode: 422 }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: "email_123" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.RESEND_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("sends through the Resend API with the outbox id as idempotency key", async () => {
  const transport = resendTransport("re_test_key", "LeadQR <hello@leadqr.app>");
  await transport.send({ id: "row-1", to: "owner@example.com", subject: "New lead", html: "<p>Hi</p>", text: "Hi" });
  const request = received.at(-1)!;
  expect(request.path).toBe("/emails");
  expect(request.headers.authorization).toBe("Bearer re_test_key");
  expect(request.headers["idempotency-key"]).toBe("outbox-row-1");
  expect(request.body).toMatchObject({
    from: "LeadQR <hello@leadqr.app>",
    to: "owner@example.com",
    subject: "New lead",
    html: "<p>Hi</p>",
    text: "Hi",
  });
});

it("throws when Resend refuses, so the worker retries", async () => {
  failNext = true;
  const transport = resendTransport("re_test_key", "LeadQR <hello@leadqr.app>");
  await expect(transport.send({ id: "row-2", to: "bad", subject: "s", html: "h", text: "t" })).rejects.toThrow(/Invalid `to` field/);
});
