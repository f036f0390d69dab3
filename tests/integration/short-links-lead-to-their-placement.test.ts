// Short links (issue 28 item 1, decision 280): a printed code encodes `{public address}/Q/{code}`,
// and that path serves the capture page itself, counting one scan for its placement.
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { shortCodeOf, forgetShortLinks } from "~/features/placements/short-links.server";
import * as captureRoute from "~/routes/capture";
import * as qrRoute from "~/routes/qr-code";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPlacement } from "../support/analytics-support";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

async function scansOf(campaignId: string) {
  const { db } = await getServices();
  return db
    .select({ id: schema.scan.id, placementId: schema.scan.placementId, source: schema.scan.source })
    .from(schema.scan)
    .where(eq(schema.scan.campaignId, campaignId));
}

/** The React Router path: `/q/{code}` as the route module answers it. */
async function openShort(path: string, address: string, userAgent = IPHONE, cookie?: string) {
  const code = path.split("/").pop()!;
  const request = makeRequest(path, { cookie, headers: { "user-agent": userAgent, [CLIENT_IP_HEADER]: address } });
  return callRoute(captureRoute.loader, request, { code });
}

/** What a phone's camera reads from the owner's downloaded PNG. */
async function decodedPlacementCode(cookie: string, campaignId: string, placementId: string, query = "") {
  const request = makeRequest(`/campaigns/${campaignId}/placements/${placementId}/qr.png${query}`, { cookie });
  const response = (await callRoute(qrRoute.loader, request, { campaignId, placementId })).response!;
  expect(response.status).toBe(200);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  return { png, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null };
}

// The fast document path, behind a real HTTP server (tests/support/capture-document-server.ts).
let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
let base: string;
const rendered: string[] = [];
beforeAll(async () => {
  server = await startCaptureDocumentServer(async (path) => {
    rendered.push(path);
    return `<html><body data-path="${path}">token=${TOKEN_PLACEHOLDER}</body></html>`;
  });
  base = server.base;
}, 180_000);
afterAll(() => server.stop());
beforeEach(() => forgetShortLinks());

const fastGet = (path: string, address: string, userAgent = IPHONE) =>
  fetch(`${base}${path}`, { headers: { "user-agent": userAgent, [TEST_ADDRESS_HEADER]: address } });

describe("short links", () => {
  it.each([
    ["free", false],
    ["Pro", true],
  ])("count exactly one scan for the placement whose code was scanned (%s plan)", async (_plan, isPro) => {
    const owner = await createUser({ isPro });
    const campaign = await createCampaignRow(owner.id);
    const placementId = await insertPlacement(campaign.id, "Window poster");
    await insertPlacement(campaign.id, "Table tent");

    const { text } = await decodedPlacementCode(owner.cookie, campaign.id, placementId);
    expect(text).toMatch(/^HTTP:\/\/LOCALHOST:3000\/Q\/[2-9A-HJ-NP-Z]{6}$/);
    const path = new URL(text!).pathname;

    const first = await openShort(path, "198.51.100.7");
    expect(first.status).toBe(200);
    const view = first.data;
    expect(view).toMatchObject({ state: "form", scanToken: expect.any(String) });
    expect(await scansOf(campaign.id)).toEqual([{ id: view.scanToken, placementId, source: "qr" }]);

    // The same phone again (a refresh, a second look, its visitor id sent back): its token back, no second scan.
    const again = (await openShort(path, "198.51.100.7", IPHONE, first.cookies)).data;
    expect(again.scanToken).toBe(view.scanToken);
    expect(await scansOf(campaign.id)).toHaveLength(1);

    // Another phone through the fast document path (the code is warm now): one more scan, same placement.
    const fast = await fastGet(path.toLowerCase(), "198.51.100.8", ANDROID);
    expect(fast.status).toBe(200);
    const token = /token=([0-9a-f-]{36})/.exec(await fast.text())?.[1];
    const scans = await scansOf(campaign.id);
    expect(scans).toHaveLength(2);
    expect(scans.find((scan) => scan.id === token)).toEqual({ id: token, placementId, source: "qr" });
    // The page is the capture route rendered at the short path (the browser's router reads its route from it).
    expect(rendered).toContain(path);
  });

  it("ignore a query that names another placement, and keep working for old /capture/ links", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const code = await shortCodeOf((await getServices()).db, { campaignId: campaign.id });
    const other = await insertPlacement(campaign.id, "Flyer");

    const request = makeRequest(`/q/${code}?p=${other}&s=link`, { headers: { "user-agent": IPHONE, [CLIENT_IP_HEADER]: "198.51.100.9" } });
    expect((await callRoute(captureRoute.loader, request, { code })).data.state).toBe("form");
    const old = makeRequest(`/capture/${campaign.id}?s=qr&p=${other}`, { headers: { "user-agent": ANDROID, [CLIENT_IP_HEADER]: "198.51.100.10" } });
    expect((await callRoute(captureRoute.loader, old, { campaignId: campaign.id })).data.state).toBe("form");
    const placements = (await scansOf(campaign.id)).map((scan) => scan.placementId).sort();
    expect(placements).toEqual([other, null].sort());
  });

  it("answer an unknown code with the not-found page, and refuse an address that keeps guessing", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const real = await shortCodeOf((await getServices()).db, { campaignId: campaign.id });
    const coldReal = await shortCodeOf((await getServices()).db, {
      campaignId: campaign.id,
      placementId: await insertPlacement(campaign.id, "Door"),
    });
    const guesser = "203.0.113.66";

    const miss = await openShort("/q/ZZZZZZ", guesser);
    expect(miss.status).toBe(404);
    expect(miss.data).toMatchObject({ state: "not-found", language: "en" });
    expect((await openShort("/q/not-a-code!", guesser)).status).toBe(404);
    // A real code costs nothing, and warms it for the fast path.
    expect((await openShort(`/q/${real}`, guesser)).status).toBe(200);
    const budget = RATE_LIMITS.shortLinkMissByAddress.points * (await getServices()).env.RATE_LIMIT_MULTIPLIER;
    for (let i = 2; i < budget; i++)
      expect((await openShort(`/q/ZZZZ${"23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[i % 32]}${"23456789"[i % 8]}`, guesser)).status).toBe(404);

    // Spent: from now on every cold lookup is refused, hit or miss alike, and after the first
    // refusal the warm path stops answering this address too, so a refusal says nothing.
    expect((await openShort("/q/ZZZZZY", guesser)).status).toBe(429);
    expect((await openShort(`/q/${coldReal}`, guesser)).status).toBe(429);
    expect((await openShort(`/q/${real}`, guesser)).status).toBe(429);
    expect((await fastGet(`/q/${real}`, guesser)).status).toBe(404);
    // Someone else is served.
    expect((await fastGet(`/q/${real}`, "203.0.113.67")).status).toBe(200);
  });

  it("give each campaign and placement one code, trying again when a new code is taken", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const placementId = await insertPlacement(campaign.id, "Counter");
    const { db } = await getServices();
    const taken = await shortCodeOf(db, { campaignId: campaign.id }, () => "TAKEN2");
    expect(taken).toBe("TAKEN2");
    const proposals = ["TAKEN2", "FRESH3"];
    expect(await shortCodeOf(db, { campaignId: campaign.id, placementId }, () => proposals.shift()!)).toBe("FRESH3");
    expect(proposals).toEqual([]);
    // Asked again (or by a second download at the same moment): the same codes.
    const [campaignCode, placementCode] = await Promise.all([
      shortCodeOf(db, { campaignId: campaign.id }),
      shortCodeOf(db, { campaignId: campaign.id, placementId }),
    ]);
    expect([campaignCode, placementCode]).toEqual(["TAKEN2", "FRESH3"]);
    expect(await db.select().from(schema.shortLink).where(eq(schema.shortLink.campaignId, campaign.id))).toHaveLength(2);
  });
});

describe("print-size QR downloads", () => {
  it("serve a 2000 px PNG on request, and refuse sizes out of range with a clear message", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const placementId = await insertPlacement(campaign.id, "Window poster");
    const { png, text } = await decodedPlacementCode(owner.cookie, campaign.id, placementId, "?size=2000");
    expect([png.width, png.height]).toEqual([2000, 2000]);
    expect(text).toMatch(/\/Q\/[2-9A-HJ-NP-Z]{6}$/);

    for (const size of ["5000", "99", "abc", "2000.5", "-300", ""]) {
      const request = makeRequest(`/campaigns/${campaign.id}/placements/${placementId}/qr.png?size=${size}`, { cookie: owner.cookie });
      const response = (await callRoute(qrRoute.loader, request, { campaignId: campaign.id, placementId })).response!;
      expect(response.status, size).toBe(400);
      expect(await response.text()).toBe("The size must be a whole number of pixels from 100 to 4000, for example ?size=2000.");
    }

    const request = makeRequest(`/campaigns/${campaign.id}/placements/${placementId}/qr.svg`, { cookie: owner.cookie });
    const svg = await (await callRoute(qrRoute.loader, request, { campaignId: campaign.id, placementId })).response!.text();
    expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('shape-rendering="crispEdges"');
    expect(svg).not.toMatch(/<image|base64/);
  });
});
