import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { campaignScans } from "~/features/scans/scan-count.server";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { phoneUserAgent } from "../support/row-factories";

const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let visitors = 0;

/** Each call is a different visitor (own address) unless the headers say otherwise. */
function load(campaignId: string, options: { method?: string; headers?: Record<string, string>; query?: string } = {}) {
  visitors += 1;
  const request = makeRequest(`/capture/${campaignId}${options.query ?? ""}`, {
    method: options.method ?? "GET",
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.51.${Math.floor(visitors / 250)}.${visitors % 250}`, ...options.headers },
  });
  return callRoute(route.loader, request, { campaignId });
}

async function scansOf(campaignId: string) {
  const { db } = await getServices();
  const rows = await db.select().from(schema.scan).where(eq(schema.scan.campaignId, campaignId));
  const [row] = await db.select({ scanCount: campaignScans }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
  return { rows, scanCount: row?.scanCount };
}

describe("the capture page", () => {
  it("shows the offer with the owner's business name and the design, and counts the scan", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Bean There Café" });
    const campaign = await createCampaignRow(owner.id, {
      design: {
        primary_color: "#7C3AED",
        secondary_color: "#A855F7",
        text_color: "#FFFF00",
        button_style: "pill",
        font_style: "bold",
        layout: "split",
      },
      qrLogoUrl: "/uploads/qr-logos/logo.png",
    });
    const result = await load(campaign.id);
    expect(result.status).toBe(200);
    const view = result.data;
    expect(view.state).toBe("form");
    expect(view.offer).toEqual({
      headline: campaign.aiHeadline,
      thankYou: campaign.aiThankyou,
      businessName: "Bean There Café",
      logoUrl: "/uploads/qr-logos/logo.png",
      design: {
        primary: "#7C3AED",
        secondary: "#A855F7",
        text: "#FFFF00",
        hover: "#A855F7",
        buttonStyle: "pill",
        fontStyle: "bold",
        layout: "split",
      },
      terms: { discount: campaign.discount, minOrder: campaign.minOrder },
      consent: { mode: "notice", offerRequiresConsent: false, privacyHref: `/capture/${campaign.id}/privacy` },
    });
    const { rows, scanCount } = await scansOf(campaign.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: view.scanToken, deviceType: "mobile", location: null });
    expect(scanCount).toBe(1);
    // The loader returns only what the page shows: no owner id, email or status.
    expect(JSON.stringify(view)).not.toContain(owner.id);
    expect(JSON.stringify(view)).not.toContain(owner.email);
  });

  it("falls back to the campaign title and the default blue gradient", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Taco Tuesday", design: { primary_color: "not-a-colour" } });
    const view = (await load(campaign.id, { headers: { "user-agent": DESKTOP_UA } })).data;
    expect(view.offer.businessName).toBe("Taco Tuesday");
    expect(view.offer.design).toMatchObject({ primary: "#1E40AF", secondary: "#3B82F6" });
    expect((await scansOf(campaign.id)).rows[0]?.deviceType).toBe("desktop");
  });

  it("answers not-found (404) for unknown, malformed, paused and draft campaigns, recording nothing", async () => {
    const owner = await createUser();
    const paused = await createCampaignRow(owner.id, { status: "paused" });
    const draft = await createCampaignRow(owner.id, { status: "draft" });
    for (const id of [crypto.randomUUID(), "not-a-uuid", "'; drop table scan; --", "x".repeat(5000), paused.id, draft.id]) {
      const result = await load(id);
      expect(result.status).toBe(404);
      expect(result.data).toMatchObject({ state: "not-found", language: "en" });
    }
    expect((await scansOf(paused.id)).rows).toHaveLength(0);
    expect((await scansOf(draft.id)).scanCount).toBe(0);
  });

  it("does not count bots, link previewers, HEAD requests or prefetches", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const quiet = [
      await load(campaign.id, { method: "HEAD" }),
      await load(campaign.id, { headers: { "user-agent": "facebookexternalhit/1.1" } }),
      await load(campaign.id, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } }),
      await load(campaign.id, { headers: { "sec-purpose": "prefetch" } }),
      await load(campaign.id, { headers: { "user-agent": "" } }),
    ];
    for (const [index, result] of quiet.entries()) {
      expect([index, result.data]).toMatchObject([index, { state: "form", scanToken: null }]);
    }
    expect(await scansOf(campaign.id)).toEqual({ rows: [], scanCount: 0 });
  });

  it("shows the limit screen from the 6th load of a free campaign and records nothing more", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    for (let i = 0; i < 5; i++) expect((await load(campaign.id)).data.state).toBe("form");
    for (let i = 0; i < 2; i++) {
      expect((await load(campaign.id)).data).toMatchObject({ state: "limit", scanCount: 5, limit: 5 });
    }
    // A bot at the limit sees the same screen.
    expect((await load(campaign.id, { headers: { "user-agent": "Googlebot/2.1" } })).data.state).toBe("limit");
    const { rows, scanCount } = await scansOf(campaign.id);
    expect(rows).toHaveLength(5);
    expect(scanCount).toBe(5);
  });

  it("lets a Pro owner's campaign count every scan", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    for (let i = 0; i < 7; i++) expect((await load(campaign.id)).data.state).toBe("form");
    expect((await scansOf(campaign.id)).rows).toHaveLength(7);
  });

  it("does not count the render that follows a plain form post", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const token = (await load(campaign.id)).data.scanToken as string;
    const post = makeRequest(`/capture/${campaign.id}`, {
      form: { name: "Ada", email: "ada@example.com", scanToken: token },
      headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": "203.0.113.90" },
    });
    const params = { campaignId: campaign.id };
    const context = { cspNonce: "" };
    const posted = await callRoute(route.action, post, params, context);
    expect(posted.data).toMatchObject({ ok: true });
    // React Router renders the document after the action with a GET copy of the request.
    const after = makeRequest(`/capture/${campaign.id}`, { headers: { "user-agent": phoneUserAgent() } });
    const view = (await callRoute(route.loader, after, params, context)).data;
    expect(view).toMatchObject({ state: "form", scanToken: null });
    expect((await scansOf(campaign.id)).rows).toHaveLength(1);
  });

  it("never revalidates after the form posts", () => {
    const args = { formMethod: "POST", defaultShouldRevalidate: true } as never;
    expect(route.shouldRevalidate!(args)).toBe(false);
    expect(route.shouldRevalidate!({ defaultShouldRevalidate: true } as never)).toBe(true);
  });

  it("still shows the form when the scan cannot be stored, with a crowd token that counts nothing (docs/features/crowds.md)", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const { db } = await getServices();
    // A failing insert: the scan table refuses rows for this campaign.
    await db.execute(
      `create or replace function refuse_scan() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$` as never,
    );
    await db.execute(
      `create trigger refuse_scan before insert on scan for each row when (new.campaign_id = '${campaign.id}') execute function refuse_scan()` as never,
    );
    try {
      const view = (await load(campaign.id)).data;
      expect(view).toMatchObject({ state: "form", scanToken: expect.stringMatching(/^c1\./) });
      // The counter moved back with the failed transaction.
      expect(await scansOf(campaign.id)).toEqual({ rows: [], scanCount: 0 });
    } finally {
      await db.execute(`drop trigger refuse_scan on scan` as never);
    }
  });

  it("sends no cached copies", () => {
    expect(new Headers(route.headers!({} as never) as HeadersInit).get("cache-control")).toBe("no-store");
  });
});

describe("scan counting under concurrency", () => {
  it("records exactly 5 scans from 50 parallel first loads of a free campaign", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const views = await Promise.all(Array.from({ length: 50 }, () => load(campaign.id).then((answer) => answer.data)));
    expect(views.filter((view) => view.state === "form" && view.scanToken)).toHaveLength(5);
    expect(views.filter((view) => view.state === "limit")).toHaveLength(45);
    const { db } = await getServices();
    const [{ scans }] = (await db.select({ scans: count() }).from(schema.scan).where(eq(schema.scan.campaignId, campaign.id))) as [{ scans: number }];
    expect(scans).toBe(5);
    expect((await scansOf(campaign.id)).scanCount).toBe(5);
  });
});
