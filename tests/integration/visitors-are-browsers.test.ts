// Issue 27 items 1 and 4 (decisions 310, 311): a visitor is a browser (a first-party random id
// set on the page's own 200), and a flood from one address is excluded as "burst from one
// address" unless its loads bring back distinct ids; the free allowance counts counted scans only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { uniqueExactnessSentence } from "~/features/analytics/analytics";
import { countConversion, getCampaignAnalytics } from "~/features/analytics/analytics.server";
import { conversionOf } from "~/features/campaigns/campaigns";
import { campaignScans } from "~/features/scans/scan-count.server";
import { clearBursts } from "~/features/scans/bursts.server";
import { clearCaptureDocuments, TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { openCapturePage } from "~/features/capture/capture.server";
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from "~/features/scans/visitor-id.server";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import * as route from "~/routes/capture";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

// This file keeps the production burst allowance (the test setup raises it for everyone else).
vi.hoisted(() => {
  process.env.CAPTURE_BURST_LOADS = "30";
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
let base: string;
beforeAll(async () => {
  server = await startCaptureDocumentServer(async (_path, view) => `<html><body data-state="${view.state}">token=${TOKEN_PLACEHOLDER}</body></html>`);
  base = server.base;
}, 180_000);
afterAll(() => server.stop());
beforeEach(() => {
  clearBursts();
  clearCaptureDocuments();
});

/** One load through the fast document path: its token (or null) and the cookie it set. */
async function load(campaignId: string, options: { address: string; userAgent?: string; cookie?: string }) {
  const response = await fetch(`${base}/capture/${campaignId}`, {
    headers: {
      "user-agent": options.userAgent ?? IPHONE,
      [TEST_ADDRESS_HEADER]: options.address,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
  const body = await response.text();
  return {
    status: response.status,
    state: /data-state="([a-z-]+)"/.exec(body)?.[1],
    token: /token=([0-9a-f-]{36})/.exec(body)?.[1] ?? null,
    setCookie: response.headers.get("set-cookie"),
    cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
  };
}

async function scansOf(campaignId: string) {
  const { db } = await getServices();
  return db.select().from(schema.scan).where(eq(schema.scan.campaignId, campaignId));
}

async function exclusionsOf(campaignId: string) {
  await flushCounts();
  const { db } = await getServices();
  const rows = await db.select().from(schema.scanExclusion).where(eq(schema.scanExclusion.campaignId, campaignId));
  return Object.fromEntries(rows.map((row) => [row.reason, row.count]));
}

async function submit(campaignId: string, token: string, lead: { name: string; email: string }, address: string, cookie?: string) {
  const request = makeRequest(`/capture/${campaignId}`, {
    cookie,
    form: { ...lead, scanToken: token },
    headers: { "user-agent": IPHONE, [CLIENT_IP_HEADER]: address },
  });
  return (await callRoute(route.action, request, { campaignId })).data;
}

/** The campaign page's analytics for today (UTC). */
async function todaysAnalytics(userId: string, campaignId: string) {
  const { db } = await getServices();
  const today = new Date().toISOString().slice(0, 10);
  return getCampaignAnalytics(db, {
    userId,
    campaignId,
    timeZone: "UTC",
    range: { preset: "custom", from: today, to: today, days: 1, notice: null },
  });
}

describe("a visitor is a browser", () => {
  it("sets a signed, HttpOnly, SameSite=Lax id on the page's own 200, and a browser that sends it back is the same visitor", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const first = await load(campaign.id, { address: "192.0.2.10" });
    expect(first.status).toBe(200);
    expect(first.token).toEqual(expect.any(String));
    expect(first.setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE.replace(".", "\\.")}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{16}; `));
    expect(first.setCookie).toContain("Path=/");
    expect(first.setCookie).toContain("HttpOnly");
    expect(first.setCookie).toContain("SameSite=Lax");
    expect(first.setCookie).toContain(`Max-Age=${VISITOR_COOKIE_DAYS * 86_400}`);

    // The same browser again: its token back, no new scan, no new id.
    const again = await load(campaign.id, { address: "192.0.2.10", cookie: first.cookie });
    expect(again).toMatchObject({ status: 200, token: first.token, setCookie: null });
    // The same browser from another network (Wi-Fi to mobile data) is still the same visitor.
    expect((await load(campaign.id, { address: "198.51.100.99", cookie: first.cookie })).token).toBe(first.token);
    // A made-up id is no id: a new visitor, with a new id of ours.
    const forged = await load(campaign.id, { address: "192.0.2.11", cookie: `${VISITOR_COOKIE}=${"A".repeat(22)}.${"B".repeat(16)}` });
    expect(forged.token).not.toBe(first.token);
    expect(forged.setCookie).toContain(`${VISITOR_COOKIE}=`);
    expect(await scansOf(campaign.id)).toHaveLength(2);
    expect((await exclusionsOf(campaign.id)).repeat).toBe(2);
  });

  it("names the cookie neutrally (white-label, decision 433) and still knows a browser by the old leadqr.visitor name", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const first = await load(campaign.id, { address: "192.0.2.30" });
    expect(first.cookie).toMatch(/^v_id=/);
    expect(first.setCookie).not.toMatch(/leadqr/i);
    // A browser that got its id before the rename: the same visitor, its id moved to the new name.
    const value = first.cookie.slice(first.cookie.indexOf("=") + 1);
    const legacy = await load(campaign.id, { address: "192.0.2.30", cookie: `leadqr.visitor=${value}` });
    expect(legacy.token).toBe(first.token);
    expect(legacy.cookie).toBe(`v_id=${value}`);
    expect(await scansOf(campaign.id)).toHaveLength(1);
  });

  it("counts five phones of one model behind one café address as five unique visitors with five leads", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const address = "203.0.113.77";
    for (let person = 1; person <= 5; person++) {
      const view = await load(campaign.id, { address });
      expect(view.token, `person ${person}`).toEqual(expect.any(String));
      // The browser fetches the page's assets with its new id: one more person behind this address.
      noteVisitorCookie(view.cookie);
      expect(
        await submit(campaign.id, view.token!, { name: `Person ${person}`, email: `person${person}@example.com` }, address, view.cookie),
      ).toMatchObject({
        ok: true,
      });
    }
    const scans = await scansOf(campaign.id);
    expect(scans).toHaveLength(5);
    expect(scans.every((scan) => scan.isUnique)).toBe(true);
    expect(new Set(scans.map((scan) => scan.visitorHash)).size).toBe(5);
    expect(await exclusionsOf(campaign.id)).toEqual({});
  });

  it("without cookies (VISITOR_ID=hash) falls back to a daily-salted hash of address and agent", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const { db } = await getServices();
    const visit = () => ({
      method: "GET",
      headers: new Headers({ "user-agent": IPHONE }),
      clientAddress: "192.0.2.40",
      searchParams: new URLSearchParams(),
    });
    const first = await openCapturePage(db, { campaignId: campaign.id, visit: visit() });
    const second = await openCapturePage(db, { campaignId: campaign.id, visit: visit() });
    expect(first).toMatchObject({ state: "form", scanToken: expect.any(String) });
    // Two people with the same phone behind one address are one visitor here: the known undercount.
    expect(second).toMatchObject({ state: "form", scanToken: (first as { scanToken: string }).scanToken });
    expect(await scansOf(campaign.id)).toHaveLength(1);
  });
});

describe("a flood from one address", () => {
  it("3,000 loads from one address with a new agent each count 30 visitors and show the rest as a burst", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const tokens: (string | null)[] = [];
    for (let wave = 0; wave < 60; wave++) {
      const views = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          load(campaign.id, { address: "198.18.7.7", userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${wave} like Mac OS X) Build/${index}` }),
        ),
      );
      tokens.push(...views.map((view) => view.token));
    }
    expect(tokens).toHaveLength(3000);
    expect(tokens.filter(Boolean)).toHaveLength(30);
    expect(await exclusionsOf(campaign.id)).toEqual({ burst: 2970 });
    const { db } = await getServices();
    const [row] = await db.select({ scans: campaignScans }).from(schema.campaign).where(eq(schema.campaign.id, campaign.id));
    expect(row!.scans).toBe(30);

    // Real people elsewhere still get the form, a token and the offer.
    const person = await load(campaign.id, { address: "192.0.2.200" });
    expect(person).toMatchObject({ state: "form", token: expect.any(String) });
    expect(await submit(campaign.id, person.token!, { name: "Real Person", email: "real@example.com" }, "192.0.2.200", person.cookie)).toMatchObject({
      ok: true,
    });
  }, 120_000);

  it("a crowd behind one NAT whose browsers bring their ids back is counted in full, up to the allowance", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "100.64.0.1";
    const people = [];
    for (let person = 0; person < 30; person++) {
      const view = await load(campaign.id, { address });
      people.push(view);
      noteVisitorCookie(view.cookie);
    }
    expect(people.every((view) => view.token)).toBe(true);
    // Each comes back later: the same visitor, never a burst, however full the allowance is.
    for (const view of people) expect((await load(campaign.id, { address, cookie: view.cookie })).token).toBe(view.token);
    expect(await scansOf(campaign.id)).toHaveLength(30);
    expect(await exclusionsOf(campaign.id)).toEqual({ repeat: 30 });

    // A script behind another address that never sends an id back gets the same allowance, no more.
    const script = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        load(campaign.id, { address: "100.64.0.2", userAgent: `Mozilla/5.0 (Linux; Android 14; Made Up ${index}) Mobile Safari/537.36` }),
      ),
    );
    expect(script.filter((view) => view.token)).toHaveLength(30);
    // A load with a burst gets the page but no new id: nothing to harvest.
    expect(script.filter((view) => !view.token).every((view) => view.setCookie === null)).toBe(true);
    expect(await exclusionsOf(campaign.id)).toEqual({ repeat: 30, burst: 10 });
  });
});

describe("the React Router path", () => {
  it("sets the id on its 200 too, never with a redirect", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const request = makeRequest(`/capture/${campaign.id}`, { headers: { "user-agent": IPHONE, [CLIENT_IP_HEADER]: "192.0.2.60" } });
    const result = await callRoute(route.loader, request, { campaignId: campaign.id });
    expect(result.data).toMatchObject({ state: "form", scanToken: expect.any(String) });
    expect(result).not.toBeInstanceOf(Response);
    expect(result.cookies).toMatch(new RegExp(`^${VISITOR_COOKIE.replace(".", "\\.")}=`));
  });
});

describe("conversion is true by construction", () => {
  it("is unique visitors who became leads ÷ unique visitors, never above 100 %, on the analytics page, its placements and the API", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const ana = await load(campaign.id, { address: "192.0.2.80" });
    const ben = await load(campaign.id, { address: "192.0.2.81" });
    expect(ana.token && ben.token).toBeTruthy();
    // Ana's phone sends three forms with three emails (a family sharing one phone): three leads, one visitor.
    for (const email of ["ana@example.com", "ana.mum@example.com", "ana.dad@example.com"]) {
      expect(await submit(campaign.id, ana.token!, { name: "Ana", email }, "192.0.2.80", ana.cookie)).toMatchObject({ ok: true });
    }
    const { db } = await getServices();
    const analytics = await todaysAnalytics(owner.id, campaign.id);
    expect(analytics!.totals).toMatchObject({ unique: 2, leads: 3, conversion: 50 });
    expect(analytics!.byDay.at(-1)).toMatchObject({ unique: 2, leads: 3, converted: 1 });
    expect(analytics!.placements).toEqual([{ id: null, name: "No placement", scans: 2, unique: 2, leads: 3, conversion: 50 }]);
    expect(await countConversion(db, campaign.id)).toEqual({ unique: 2, converted: 1, conversion: 50 });
    // Leads ÷ unique visitors would say 150 %; the one definition cannot pass 100 %.
    expect(conversionOf(2, 2)).toBe(100);
  });
});

describe("how exact unique is", () => {
  it("counts the scans whose new visitor id never came back, and says so in one sentence", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    // Two browsers keep cookies: their page's assets bring the id back.
    for (const address of ["192.0.2.90", "192.0.2.91"]) noteVisitorCookie((await load(campaign.id, { address })).cookie);
    // One browser refuses cookies: each load is a new visitor whose id never comes back.
    await load(campaign.id, { address: "192.0.2.92" });
    await load(campaign.id, { address: "192.0.2.92" });
    await flushCounts();
    const analytics = await todaysAnalytics(owner.id, campaign.id);
    expect(analytics!.totals).toMatchObject({ scans: 4, unique: 4 });
    expect(analytics!.visitorIds).toEqual({ issued: 4, neverBack: 2 });
    expect(uniqueExactnessSentence(analytics!.totals.scans, analytics!.visitorIds.neverBack)).toBe(
      "2 of 4 visits (50%) came from a browser that refused or dropped our cookie; each of these may be a person counted twice.",
    );
  });
});
