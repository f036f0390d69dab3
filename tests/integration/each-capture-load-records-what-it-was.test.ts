// What a capture load records: one scan row per person (unique per day, source, placement, OS),
// and for everything else an aggregated count with its reason (issue 13, items 1-3).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { campaignScans } from "~/features/scans/scan-count.server";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { utcDay } from "~/features/scans/visitors";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

/** One browser: it keeps the cookies the page sets, as a browser does (decision 310). */
type Visitor = { address: string; userAgent?: string; cookie?: string };

async function open(campaignId: string, visitor: Visitor, options: { query?: string; method?: string; headers?: Record<string, string> } = {}) {
  const request = makeRequest(`/capture/${campaignId}${options.query ?? ""}`, {
    method: options.method ?? "GET",
    cookie: visitor.cookie,
    headers: { "user-agent": visitor.userAgent ?? IPHONE, "x-leadqr-client-ip": visitor.address, ...options.headers },
  });
  const result = await callRoute(route.loader, request, { campaignId });
  const set = result.cookies;
  if (set) visitor.cookie = [visitor.cookie, set].filter(Boolean).join("; ");
  return result.data;
}

async function scansOf(campaignId: string) {
  const { db } = await getServices();
  return db.select().from(schema.scan).where(eq(schema.scan.campaignId, campaignId)).orderBy(schema.scan.timestamp);
}

async function exclusionsOf(campaignId: string) {
  await flushCounts();
  const { db } = await getServices();
  const rows = await db.select().from(schema.scanExclusion).where(eq(schema.scanExclusion.campaignId, campaignId));
  return Object.fromEntries(rows.map((row) => [row.reason, row.count]));
}

async function submit(campaignId: string, token: string, lead: { name: string; email: string }, address = "192.0.2.200") {
  const request = makeRequest(`/capture/${campaignId}`, {
    form: { ...lead, scanToken: token },
    headers: { "user-agent": IPHONE, "x-leadqr-client-ip": address },
  });
  return (await callRoute(route.action, request, { campaignId })).data;
}

describe("what a capture load records", () => {
  it("counts people once and every other load by its reason, without a row per hit", async () => {
    const owner = await createUser({ isPro: true });
    const admin = await createUser({ role: "admin" });
    const campaign = await createCampaignRow(owner.id);
    const person = { address: "203.0.113.10" };

    const first = await open(campaign.id, person);
    expect(first).toMatchObject({ state: "form", scanToken: expect.any(String) });
    // A refresh within 30 minutes: the same token back, no new scan.
    const refresh = await open(campaign.id, person);
    expect(refresh).toMatchObject({ state: "form", scanToken: first.scanToken });

    const quiet = [
      await open(campaign.id, person, { method: "HEAD" }),
      await open(campaign.id, { address: "203.0.113.11", userAgent: "WhatsApp/2.23.20.0" }),
      await open(campaign.id, { address: "203.0.113.12", userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" }),
      await open(campaign.id, { address: "203.0.113.13", userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      await open(campaign.id, { address: "203.0.113.14", userAgent: "" }),
      await open(campaign.id, { address: "203.0.113.15" }, { headers: { "sec-purpose": "prefetch;prerender" } }),
      await open(campaign.id, { address: "203.0.113.16", cookie: owner.cookie }),
      await open(campaign.id, { address: "203.0.113.17", cookie: admin.cookie }),
    ];
    for (const view of quiet) expect(view).toMatchObject({ state: "form", scanToken: null });

    // A bot flood: no scan rows, one aggregated row.
    for (let i = 0; i < 150; i++) await open(campaign.id, { address: `10.0.${i}.1`, userAgent: "python-requests/2.31" });

    expect(await scansOf(campaign.id)).toHaveLength(1);
    expect(await exclusionsOf(campaign.id)).toEqual({ repeat: 1, head: 1, preview: 2, bot: 152, prefetch: 1, owner: 2 });
    const { db } = await getServices();
    const [row] = await db
      .select({ day: schema.scanExclusion.day })
      .from(schema.scanExclusion)
      .where(eq(schema.scanExclusion.campaignId, campaign.id))
      .limit(1);
    expect(row!.day).toBe(utcDay());
  });

  it("an owner signed out is a visitor again; a signed-in stranger is a visitor", async () => {
    const owner = await createUser({ isPro: true });
    const stranger = await createUser();
    const campaign = await createCampaignRow(owner.id);
    expect(await open(campaign.id, { address: "203.0.113.20", cookie: stranger.cookie })).toMatchObject({ scanToken: expect.any(String) });
    expect(await open(campaign.id, { address: "203.0.113.21", cookie: "leadqr.session_token=forged" })).toMatchObject({
      scanToken: expect.any(String),
    });
    expect(await scansOf(campaign.id)).toHaveLength(2);
  });

  it("marks the first scan of a visitor per day unique, keeps no address, and records device and OS", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const { db } = await getServices();
    const android = { address: "203.0.113.30", userAgent: ANDROID };
    await open(campaign.id, android);
    // Later the same day, past the repeat window: counted again, not unique.
    await db
      .update(schema.scan)
      .set({ timestamp: sql`now() - interval '31 minutes'` })
      .where(eq(schema.scan.campaignId, campaign.id));
    await open(campaign.id, android);
    await open(campaign.id, { address: "203.0.113.31", userAgent: WINDOWS });
    await open(campaign.id, { address: "203.0.113.30", userAgent: IPHONE });

    const scans = await scansOf(campaign.id);
    expect(scans.map((s) => [s.isUnique, s.deviceType, s.os])).toEqual([
      [true, "mobile", "Android"],
      [false, "mobile", "Android"],
      [true, "desktop", "Windows"],
      [true, "mobile", "iOS"],
    ]);
    expect(scans[0]!.visitorHash).toBe(scans[1]!.visitorHash);
    expect(new Set(scans.map((s) => s.visitorHash)).size).toBe(3);
    const stored = JSON.stringify(scans);
    expect(stored).not.toContain("203.0.113.30");
    // Only today's salt exists; yesterday's is deleted when today's is made.
    const salts = await db.select().from(schema.visitorSalt);
    expect(salts.map((s) => s.day)).toEqual([utcDay()]);
  });

  it("tells printed codes from shared links and attributes placements of this campaign only", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const other = await createCampaignRow(owner.id);
    const { db } = await getServices();
    const [poster] = await db.insert(schema.placement).values({ campaignId: campaign.id, name: "Window poster" }).returning();
    const [foreign] = await db.insert(schema.placement).values({ campaignId: other.id, name: "Flyer" }).returning();

    const fromPoster = await open(campaign.id, { address: "203.0.113.40" }, { query: `?s=qr&p=${poster!.id}` });
    await open(campaign.id, { address: "203.0.113.41" }, { query: "?s=qr" });
    await open(campaign.id, { address: "203.0.113.42" });
    await open(campaign.id, { address: "203.0.113.43" }, { query: `?s=qr&p=${foreign!.id}` });
    await open(campaign.id, { address: "203.0.113.44" }, { query: "?p=not-a-uuid&s=QR" });

    const scans = await scansOf(campaign.id);
    expect(scans.map((s) => [s.source, s.placementId])).toEqual([
      ["qr", poster!.id],
      ["qr", null],
      ["link", null],
      ["qr", null],
      ["link", null],
    ]);

    // The lead inherits the placement of its scan.
    expect(await submit(campaign.id, fromPoster.scanToken, { name: "Poster Reader", email: "poster@example.com" })).toMatchObject({ ok: true });
    const [lead] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    expect(lead).toMatchObject({ placementId: poster!.id, scanId: fromPoster.scanToken });
  });

  it("counts two phones of the same model behind one address as two people, and keeps one lead for a double submit", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    // Same address, same frozen agent string: two browsers, two visitor ids (decision 310).
    const first = await open(campaign.id, { address: "203.0.113.50" });
    const second = await open(campaign.id, { address: "203.0.113.50" });
    expect(second.scanToken).toEqual(expect.any(String));
    expect(second.scanToken).not.toBe(first.scanToken);
    expect(await submit(campaign.id, first.scanToken, { name: "Ana", email: "ana@example.com" })).toMatchObject({ ok: true });
    expect(await submit(campaign.id, second.scanToken, { name: "Ben", email: "ben@example.com" })).toMatchObject({ ok: true });
    expect(await submit(campaign.id, second.scanToken, { name: "Ben", email: "BEN@example.com" })).toMatchObject({ ok: true });
    expect(await submit(campaign.id, first.scanToken, { name: "Ana", email: "ana@example.com" })).toMatchObject({ ok: true });
    const { db } = await getServices();
    const leads = await db.select({ email: schema.lead.email }).from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    expect(leads.map((l) => l.email).sort()).toEqual(["ana@example.com", "ben@example.com"]);
    const scans = await scansOf(campaign.id);
    expect(scans.map((row) => row.isUnique)).toEqual([true, true]);
    expect(new Set(scans.map((row) => row.visitorHash)).size).toBe(2);
  });

  it("spends the free limit on counted scans only; a visitor at the limit who refreshes keeps their token", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    for (let i = 0; i < 4; i++) await open(campaign.id, { address: `203.0.113.${60 + i}`, userAgent: "Googlebot/2.1" });
    await open(campaign.id, { address: "203.0.113.70", cookie: owner.cookie });
    const tokens = [];
    const phones = Array.from({ length: 5 }, (_, i) => ({ address: `203.0.113.${80 + i}` }));
    for (const phone of phones) tokens.push((await open(campaign.id, phone)).scanToken);
    expect(tokens.every(Boolean)).toBe(true);
    expect(await open(campaign.id, phones[4]!)).toMatchObject({ state: "form", scanToken: tokens[4] });
    expect(await open(campaign.id, { address: "203.0.113.90" })).toMatchObject({ state: "limit", scanCount: 5 });
    expect(await scansOf(campaign.id)).toHaveLength(5);
  });

  it("counts a Pro campaign's scans without touching the campaign row", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    await Promise.all(Array.from({ length: 40 }, (_, i) => open(campaign.id, { address: `198.18.0.${i}` })));
    const { db } = await getServices();
    await flushCounts();
    const [row] = await db
      .select({ stored: schema.campaign.scanCount, shown: campaignScans })
      .from(schema.campaign)
      .where(and(eq(schema.campaign.id, campaign.id)));
    expect(row).toEqual({ stored: 0, shown: 40 });
    expect(await scansOf(campaign.id)).toHaveLength(40);
  });

  it("answers every parallel load of a Pro campaign with its own scan row, and a visitor loading twice at once with one", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    // Loads arriving together are written together (decision 095); each answer still names its row.
    const crowd = await Promise.all(Array.from({ length: 60 }, (_, i) => open(campaign.id, { address: `198.19.${i >> 8}.${i & 255}` })));
    const tokens = crowd.map((view) => view.scanToken as string);
    expect(new Set(tokens).size).toBe(60);
    const rows = await scansOf(campaign.id);
    expect(rows.map((row) => row.id).sort()).toEqual([...tokens].sort());
    expect(rows.every((row) => row.isUnique)).toBe(true);

    // One browser (its id already set) loading twice at once, past its repeat window: one row.
    const browser = { address: "198.19.9.9" };
    await open(campaign.id, browser);
    const { db } = await getServices();
    await db
      .update(schema.scan)
      .set({ timestamp: sql`now() - interval '31 minutes'` })
      .where(eq(schema.scan.campaignId, campaign.id));
    const twice = await Promise.all([open(campaign.id, { ...browser }), open(campaign.id, { ...browser })]);
    expect(twice[0].scanToken).toEqual(expect.any(String));
    expect(twice[1].scanToken).toBe(twice[0].scanToken);
    expect(await scansOf(campaign.id)).toHaveLength(62);
    expect((await exclusionsOf(campaign.id)).repeat).toBe(1);
  });
});
