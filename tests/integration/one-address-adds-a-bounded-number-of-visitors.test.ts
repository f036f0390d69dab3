// One client adds a bounded number of counted visitors per 10 minutes, however its visitor ids
// behave (decision 330); a client is an IPv4 address or an IPv6 /64 (decision 331); the windows
// that remember this hold one global number of entries, oldest dropped first (decision 332).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { admitLoad, burstState, clearBursts, MAX_BURST_ENTRIES } from "~/features/scans/bursts.server";
import { clearCaptureDocuments, TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import { forgetShortLinks, shortCodeOf } from "~/features/placements/short-links.server";
import * as captureRoute from "~/routes/capture";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

// The production allowance (the test setup raises it for everyone else).
vi.hoisted(() => {
  process.env.CAPTURE_BURST_LOADS = "30";
});
const ALLOWANCE = 30;
const SHORT_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
beforeAll(async () => {
  server = await startCaptureDocumentServer(async (_path, view) => `<html><body data-state="${view.state}">token=${TOKEN_PLACEHOLDER}</body></html>`);
}, 180_000);
afterAll(() => server.stop());
beforeEach(() => {
  clearBursts();
  clearCaptureDocuments();
  forgetShortLinks();
});

/** One load of the capture page as a browser or a script makes it: its token and the cookie it set. */
async function load(path: string, options: { address: string; cookie?: string; userAgent?: string }) {
  const response = await fetch(`${server.base}${path}`, {
    headers: {
      "user-agent": options.userAgent ?? IPHONE,
      [TEST_ADDRESS_HEADER]: options.address,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  const body = await response.text();
  return {
    status: response.status,
    token: /token=([0-9a-f-]{36})/.exec(body)?.[1] ?? null,
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
  };
}

async function countedScans(campaignId: string) {
  const { db } = await getServices();
  return (await db.select({ id: schema.scan.id }).from(schema.scan).where(eq(schema.scan.campaignId, campaignId))).length;
}

/** What the campaign page's analytics section says was not counted, and the count per reason. */
async function analyticsPage(owner: { cookie: string }, campaignId: string) {
  await flushCounts();
  const { loader } = await import("~/routes/campaign-detail");
  const data = (await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId })).data;
  return { summary: data.exclusionSummary as string, exclusions: data.analytics.exclusions as Record<string, number> };
}

describe("cookie echo from one address", () => {
  it("a script that sends each new id straight back adds 30 visitors, not one per load, and the page shows the rest as a burst", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "198.51.100.23";
    const tokens: (string | null)[] = [];
    for (let round = 0; round < 40; round++) {
      const fresh = await load(`/capture/${campaign.id}`, { address });
      tokens.push(fresh.token);
      if (!fresh.cookie) continue;
      // The trick: the new id comes back at once, with any request (`GET /favicon.ico`) and a reload.
      noteVisitorCookie(fresh.cookie);
      expect((await load(`/capture/${campaign.id}`, { address, cookie: fresh.cookie })).token).toBe(fresh.token);
    }
    expect(tokens.filter(Boolean)).toHaveLength(ALLOWANCE);
    expect(await countedScans(campaign.id)).toBe(ALLOWANCE);
    const page = await analyticsPage(owner, campaign.id);
    expect(page.exclusions).toMatchObject({ burst: 10, repeat: ALLOWANCE });
    expect(page.summary).toBe("30 scans counted · 40 not counted: 30 repeats, 10 burst from one address");
  });

  it("ids fetched from other addresses and replayed from one address add no more than the allowance either", async () => {
    const owner = await createUser({ isPro: true });
    const harvest = await createCampaignRow(owner.id);
    const target = await createCampaignRow(owner.id);
    const cookies: string[] = [];
    for (let n = 1; n <= 40; n++) cookies.push((await load(`/capture/${harvest.id}`, { address: `203.0.113.${n}` })).cookie);
    const replayed = [];
    for (const cookie of cookies) replayed.push(await load(`/capture/${target.id}`, { address: "192.0.2.250", cookie }));
    expect(replayed.filter((view) => view.token)).toHaveLength(ALLOWANCE);
    expect(await countedScans(target.id)).toBe(ALLOWANCE);
    expect((await analyticsPage(owner, target.id)).exclusions).toMatchObject({ burst: 10 });
  });

  it("twenty-five phones on one Wi-Fi, each keeping its own cookie, are twenty-five visitors", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "203.0.113.200";
    const phones = [];
    for (let person = 0; person < 25; person++) {
      const phone = await load(`/capture/${campaign.id}`, { address });
      noteVisitorCookie(phone.cookie);
      phones.push(phone);
    }
    // Everyone reloads with their own cookie: the same visitor, never a burst.
    for (const phone of phones) expect((await load(`/capture/${campaign.id}`, { address, cookie: phone.cookie })).token).toBe(phone.token);
    expect(new Set(phones.map((phone) => phone.token)).size).toBe(25);
    expect(await countedScans(campaign.id)).toBe(25);
    expect((await analyticsPage(owner, campaign.id)).exclusions).toEqual({ repeat: 25 });
  });
});

describe("the window shared by every process", () => {
  async function sharedWindow(clientKey: string) {
    const { db } = await getServices();
    return rowsOf<{ visitors: number }>(await db.execute(sql`select visitors from capture_burst where client_key = ${clientKey}`))[0]?.visitors ?? 0;
  }

  it("a phone on its own address writes nothing to it; a client's second visitor in a process does", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    for (let n = 1; n <= 5; n++)
      expect((await load(`/capture/${campaign.id}`, { address: `198.51.100.${60 + n}` })).token).toEqual(expect.any(String));
    for (let n = 1; n <= 5; n++) expect(await sharedWindow(`198.51.100.${60 + n}`)).toBe(0);
    expect((await load(`/capture/${campaign.id}`, { address: "198.51.100.61", userAgent: `${IPHONE} second` })).token).toEqual(expect.any(String));
    expect(await sharedWindow("198.51.100.61")).toBe(1);
    expect(await countedScans(campaign.id)).toBe(6);
  });

  it("holds one address to the allowance plus one visitor per process", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "198.51.100.90";
    const loads = [];
    // Two processes, one after the other: forgetting this process's windows is what a second process sees.
    for (const process of [1, 2]) {
      if (process === 2) clearBursts();
      for (let n = 0; n < 40; n++) loads.push(await load(`/capture/${campaign.id}`, { address, userAgent: `${IPHONE} ${process}-${n}` }));
    }
    expect(loads.filter((view) => view.token)).toHaveLength(ALLOWANCE + 2);
    expect(await countedScans(campaign.id)).toBe(ALLOWANCE + 2);
  });
});

describe("IPv6 clients are one client per /64", () => {
  it("60 cookie-less loads from 60 addresses of one /64 count 30 visitors; another /64 has its own allowance", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const views = [];
    for (let n = 1; n <= 60; n++) views.push(await load(`/capture/${campaign.id}`, { address: `2001:db8:38:1:${n.toString(16)}::${n}` }));
    expect(views.filter((view) => view.token)).toHaveLength(ALLOWANCE);
    expect((await load(`/capture/${campaign.id}`, { address: "2001:db8:38:2::1" })).token).toEqual(expect.any(String));
    expect((await analyticsPage(owner, campaign.id)).exclusions).toMatchObject({ burst: 30 });
  });

  it("60 short-link guesses from 60 addresses of one /64 meet a 429, and another /64 is still served", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const real = await shortCodeOf((await getServices()).db, { campaignId: campaign.id });
    const budget = RATE_LIMITS.shortLinkMissByAddress.points * (await getServices()).env.RATE_LIMIT_MULTIPLIER;
    const statuses = [];
    for (let n = 1; n <= 60; n++) {
      const code = `ZZZZ${SHORT_CODE_ALPHABET[n % 32]}${SHORT_CODE_ALPHABET[Math.floor(n / 32)]}`;
      const request = makeRequest(`/q/${code}`, { headers: { "user-agent": IPHONE, [CLIENT_IP_HEADER]: `2001:db8:38:3:${n.toString(16)}:${n}::1` } });
      statuses.push((await callRoute(captureRoute.loader, request, { code })).status);
    }
    expect(statuses.slice(0, budget).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(budget)).toEqual(Array(60 - budget).fill(429));
    const elsewhere = makeRequest(`/q/${real}`, { headers: { "user-agent": IPHONE, [CLIENT_IP_HEADER]: "2001:db8:38:4::1" } });
    expect((await callRoute(captureRoute.loader, elsewhere, { code: real })).status).toBe(200);
  });
});

describe("the burst windows' memory", () => {
  it("hold at most MAX_BURST_ENTRIES entries across all windows, dropping the oldest windows first", () => {
    const now = Date.now();
    const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    // Each address fills its allowance: one entry for its window and one per visitor.
    const addresses = Math.ceil(MAX_BURST_ENTRIES / (ALLOWANCE + 1)) + 100;
    for (let n = 0; n < addresses; n++) {
      for (let visitor = 0; visitor < ALLOWANCE; visitor++) expect(admitLoad(addressOf(n), { id: `${n}-${visitor}` }, now + n)).toBe(true);
      expect(burstState().entries).toBeLessThanOrEqual(MAX_BURST_ENTRIES);
    }
    const { entries, windows } = burstState();
    // The bound was reached, not merely approached.
    expect(entries).toBeGreaterThan(MAX_BURST_ENTRIES - (ALLOWANCE + 1));
    expect(windows).toBeLessThan(addresses);
    // The newest address is still held to its allowance; the oldest was forgotten.
    expect(admitLoad(addressOf(addresses - 1), { id: "one more" }, now + addresses)).toBe(false);
    expect(admitLoad(addressOf(0), { id: "one more" }, now + addresses)).toBe(true);
  });
});
