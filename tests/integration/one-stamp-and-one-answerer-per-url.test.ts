// The edge as the server runs it (docs/architecture.md "The request flow"): every answer carries
// one stamp — helmet's headers and one request id — whether a fast path, Express or React Router
// wrote it; and a capture page has one answerer, the fast path, for signed-in viewers too.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { startEdge, type EdgeAnswer } from "../support/edge-support";
import { phoneUserAgent } from "../support/row-factories";

/** Helmet's headers as the development server sends them (no CSP there, no HSTS on http). */
const HELMET = [
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-content-type-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];
const HOST = "localhost:3000";

const stampOf = (answer: EdgeAnswer) => Object.fromEntries(HELMET.map((name) => [name, answer.headers[name]]));

describe("one stamp and one answerer per URL", () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let campaignId: string;

  beforeAll(async () => {
    owner = await createUser({ isPro: true });
    campaignId = (await createCampaignRow(owner.id, { title: "Stamp Street Bakery" })).id;
    edge = await startEdge();
  }, 120_000);
  afterAll(() => edge?.close());

  it("the capture page, a lead post, a page of Express's and a 404 carry the same headers and one request id each", async () => {
    const visitor = { "user-agent": phoneUserAgent(), "x-forwarded-for": "203.0.113.40" };
    const answers = {
      capture: await edge.send(HOST, `/capture/${campaignId}`, { headers: visitor }),
      post: await edge.send(HOST, `/capture/${campaignId}/lead`, {
        method: "POST",
        headers: { ...visitor, "content-type": "application/x-www-form-urlencoded" },
        body: "name=&email=not-an-email",
      }),
      pricing: await edge.send(HOST, "/pricing"),
      missing: await edge.send(HOST, "/blog/no-such-post"),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status]))).toEqual({
      capture: 200,
      post: 400,
      pricing: 200,
      missing: 404,
    });
    const expected = stampOf(answers.pricing);
    expect(expected["x-frame-options"]).toBe("SAMEORIGIN");
    const ids = new Set<string>();
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, stamp: stampOf(answer) }).toEqual({ name, stamp: expected });
      const id = answer.headers["x-request-id"];
      expect({ name, id: typeof id }).toEqual({ name, id: "string" });
      ids.add(id as string);
    }
    expect(ids.size).toBe(4);
  });

  it("answers the owner's own look at their page from the fast path: the page, private, and no scan counted", async () => {
    const { db } = await getServices();
    const scansBefore = await db.$count(schema.scan, eq(schema.scan.campaignId, campaignId));
    const headers = { cookie: owner.cookie, "user-agent": phoneUserAgent(), "x-forwarded-for": "203.0.113.41", "accept-encoding": "identity" };
    const page = await edge.send(HOST, `/capture/${campaignId}`, { headers });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Stamp Street Bakery");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    // The fast path's own headers: the page varies by language and says its length.
    expect(page.headers.vary).toBe("Accept-Encoding, Accept-Language");
    expect(Number(page.headers["content-length"])).toBe(Buffer.byteLength(page.body));
    expect(stampOf(page)).toEqual(stampOf(await edge.send(HOST, "/pricing")));
    const head = await edge.send(HOST, `/capture/${campaignId}`, { method: "HEAD", headers });
    expect({ status: head.status, body: head.body, cacheControl: head.headers["cache-control"] }).toEqual({
      status: 200,
      body: "",
      cacheControl: "private, no-store",
    });
    expect(await db.$count(schema.scan, eq(schema.scan.campaignId, campaignId))).toBe(scansBefore);
  });
});
