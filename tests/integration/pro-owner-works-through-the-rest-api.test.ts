// The REST API as an integration would use it: keys, scoping, paging, idempotency, limits and
// errors. Every answer is checked against the served OpenAPI document (contract test).
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { API_RATE_LIMIT } from "~/features/api/api.server";
import { createApiKey, revokeApiKey } from "~/features/integrations/api-keys.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { api, documentedSuccesses, exercised, openApiDocument } from "../support/api-support";

let owner: Awaited<ReturnType<typeof createUser>>;
let key: string;
let campaignId: string;
let otherCampaignId: string;
let placementId: string;
const leadIds: string[] = [];

beforeAll(async () => {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  ({ key } = await createApiKey(db, { userId: owner.id, name: "Tests" }));
  campaignId = (await createCampaignRow(owner.id, { title: "API Coffee" })).id;
  otherCampaignId = (await createCampaignRow(owner.id, { title: "API Bakery" })).id;
  const [placement] = await db.insert(schema.placement).values({ campaignId, name: "Window poster" }).returning();
  placementId = placement!.id;
  const base = Date.parse("2026-03-01T10:00:00Z");
  for (let i = 0; i < 7; i++) {
    const row = await createLeadRow(i < 5 ? campaignId : otherCampaignId, {
      name: `Lead ${i}`,
      email: `lead${i}@example.com`,
      collectedAt: new Date(base + i * 60_000),
    });
    leadIds.push(row.id);
  }
  await db.update(schema.lead).set({ placementId }).where(eq(schema.lead.id, leadIds[1]!));
});

describe("authentication", () => {
  it("refuses requests without a key, with an unknown key, and with only a session cookie", async () => {
    for (const answer of [
      await api("GET", "/campaigns"),
      await api("GET", "/campaigns", { key: "lqr_not-a-real-key" }),
      await api("GET", "/campaigns", { headers: { cookie: owner.cookie } }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.headers.get("www-authenticate")).toContain("Bearer");
      expect(answer.body).toMatchObject({ title: "Unauthorized", status: 401 });
    }
  });

  it("refuses a revoked key and a free account's key, and records when a key was used", async () => {
    const { db } = await getServices();
    const revoked = await createApiKey(db, { userId: owner.id, name: "Old" });
    expect((await api("GET", "/campaigns", { key: revoked.key })).status).toBe(200);
    const [used] = await db.select().from(schema.apiKey).where(eq(schema.apiKey.id, revoked.id));
    expect(used!.lastUsedAt).not.toBeNull();
    expect(used!.keyHash).not.toContain(revoked.key);
    expect(await revokeApiKey(db, { userId: owner.id, keyId: revoked.id })).toBe(true);
    expect((await api("GET", "/campaigns", { key: revoked.key })).status).toBe(401);

    const free = await createUser();
    const freeKey = await createApiKey(db, { userId: free.id, name: "Free" });
    const answer = await api("GET", "/campaigns", { key: freeKey.key });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ title: "Pro plan required" });
  });
});

describe("campaigns", () => {
  it("lists, gets and reports stats of the owner's campaigns", async () => {
    const list = await api("GET", "/campaigns", { key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { title: string }) => row.title).sort()).toEqual(["API Bakery", "API Coffee"]);
    expect(list.headers.get("ratelimit-limit")).toBe(String(API_RATE_LIMIT.points));
    expect(Number(list.headers.get("ratelimit-remaining"))).toBeLessThan(API_RATE_LIMIT.points);
    expect(Number(list.headers.get("ratelimit-reset"))).toBeGreaterThan(0);

    const one = await api("GET", `/campaigns/${campaignId}`, { key });
    expect(one.body).toMatchObject({ id: campaignId, object: "campaign", title: "API Coffee", status: "active" });

    const { db } = await getServices();
    // A Pro campaign's scans are kept in the sharded tally (decision 091), not in scan_count.
    await db.insert(schema.campaignScanTally).values([
      { campaignId, shard: 0, scans: 6 },
      { campaignId, shard: 3, scans: 4 },
    ]);
    const stats = await api("GET", `/campaigns/${campaignId}/stats`, { key });
    expect(stats.body).toMatchObject({
      campaign_id: campaignId,
      scans: 10,
      leads: 5,
      // Conversion is unique visitors who became leads ÷ unique visitors (issue 27): these leads
      // were written without a scan, so they convert no visitor.
      unique_visitors: 0,
      conversion_rate: 0,
      last_lead_at: "2026-03-01T10:04:00.000Z",
    });
  });

  it("creates a campaign once per Idempotency-Key and refuses the key with another body", async () => {
    const body = {
      title: "From Zapier",
      business_type: "Bakery",
      offer: "Free croissant",
      condition: "with any coffee",
      headline: "A free croissant",
      thank_you: "Show this at the counter.",
    };
    const first = await api("POST", "/campaigns", { key, body, headers: { "idempotency-key": "create-1" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: "From Zapier", business_type: "Bakery", offer: "Free croissant", status: "active" });
    expect(first.headers.get("location")).toBe(`/api/v1/campaigns/${first.body.id}`);
    const replay = await api("POST", "/campaigns", { key, body, headers: { "idempotency-key": "create-1" } });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const { db } = await getServices();
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.title, "From Zapier"))).toHaveLength(1);

    const reused = await api("POST", "/campaigns", { key, body: { ...body, title: "Other" }, headers: { "idempotency-key": "create-1" } });
    expect(reused.status).toBe(422);
    expect(reused.body.title).toBe("Idempotency-Key reused");
  });

  it("carries a campaign's translations, takes them on create and PATCH by the Languages page's rule, and names the field it refuses", async () => {
    const body = {
      title: "Translated by API",
      business_type: "Bakery",
      offer: "Free croissant",
      condition: "with any coffee",
      headline: "A free croissant",
      thank_you: "Show this at the counter.",
      translations: { es: { headline: " Un croissant gratis ", thank_you: "Enséñalo en la barra.", offer: "" }, it: { offer: "Croissant gratis" } },
    };
    const made = await api("POST", "/campaigns", { key, body });
    expect(made.status).toBe(201);
    expect(made.body.translations).toEqual({
      es: { headline: "Un croissant gratis", thank_you: "Enséñalo en la barra." },
      it: { offer: "Croissant gratis" },
    });
    const { db } = await getServices();
    const stored = async () =>
      (await db.select({ translations: schema.campaign.copyTranslations }).from(schema.campaign).where(eq(schema.campaign.id, made.body.id)))[0]!
        .translations;
    expect(await stored()).toEqual({ es: { headline: "Un croissant gratis", thankYou: "Enséñalo en la barra." }, it: { offer: "Croissant gratis" } });
    expect((await api("GET", `/campaigns/${made.body.id}`, { key })).body.translations).toEqual(made.body.translations);

    const changed = await api("PATCH", `/campaigns/${made.body.id}`, { key, body: { translations: { fr: { condition: "avec un café" } } } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: "active", translations: { fr: { condition: "avec un café" } } });
    expect(await stored()).toEqual({ fr: { condition: "avec un café" } });

    for (const [translations, path] of [
      [{ es: { headline: "x".repeat(201) } }, "translations.es.headline"],
      [{ es: { thank_you: "y".repeat(601) } }, "translations.es.thank_you"],
      [{ xx: { headline: "?" } }, "translations.xx"],
      [{ en: { headline: "The campaign's own language" } }, "translations.en"],
      [{ es: { thankYou: "the form's name, not the API's" } }, "translations.es"],
    ] as const) {
      const refused = await api("PATCH", `/campaigns/${made.body.id}`, { key, body: { status: "paused", translations } });
      expect(refused.status, path).toBe(422);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual([path]);
    }
    const refusedCreate = await api("POST", "/campaigns", { key, body: { ...body, title: "Never made", translations: { de: { offer: 1 } } } });
    expect(refusedCreate.status).toBe(422);
    expect(refusedCreate.body.errors[0].path).toBe("translations.de.offer");
    // Nothing of the refused requests was saved.
    expect(await stored()).toEqual({ fr: { condition: "avec un café" } });
    expect((await api("GET", `/campaigns/${made.body.id}`, { key })).body.status).toBe("active");
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.title, "Never made"))).toHaveLength(0);
  });

  it("answers validation problems with the fields at fault", async () => {
    const invalid = await api("POST", "/campaigns", { key, body: { title: "", business_type: "Spaceport" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((error: { path: string }) => error.path)).toEqual(expect.arrayContaining(["title", "business_type", "offer"]));
    expect((await api("POST", "/campaigns", { key, rawBody: "{not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(
      (await api("POST", "/campaigns", { key, rawBody: "title=x", headers: { "content-type": "application/x-www-form-urlencoded" } })).status,
    ).toBe(415);
    expect((await api("GET", "/campaigns/not-a-uuid", { key })).status).toBe(404);
    expect((await api("GET", "/nothing-here", { key })).status).toBe(404);
    const wrongMethod = await api("PUT", "/campaigns", { key });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  it("changes a campaign's status and tells subscribed webhooks", async () => {
    const { db } = await getServices();
    const [endpoint] = await db
      .insert(schema.webhookEndpoint)
      .values({ userId: owner.id, url: "http://127.0.0.1:9/x", events: ["campaign.updated"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })
      .returning();
    const answer = await api("PATCH", `/campaigns/${otherCampaignId}`, { key, body: { status: "paused" } });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("paused");
    const [row] = await db.select({ status: schema.campaign.status }).from(schema.campaign).where(eq(schema.campaign.id, otherCampaignId));
    expect(row!.status).toBe("paused");
    const events = await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, endpoint!.id));
    expect(events).toHaveLength(1);
    expect((await api("PATCH", `/campaigns/${otherCampaignId}`, { key, body: { status: "archived" } })).status).toBe(422);
    await db.delete(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.id, endpoint!.id));
  });
});

describe("leads", () => {
  it("pages through every lead with a cursor, newest first, without repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: Awaited<ReturnType<typeof api>> = await api("GET", `/leads?limit=3${cursor ? `&cursor=${cursor}` : ""}`, { key });
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.map((lead: { id: string }) => lead.id));
      cursor = answer.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...leadIds].reverse());
  });

  it("filters by campaign, placement and time", async () => {
    const byCampaign = await api("GET", `/leads?campaign=${otherCampaignId}`, { key });
    expect(byCampaign.body.data.map((lead: { id: string }) => lead.id)).toEqual([leadIds[6], leadIds[5]]);
    const byPlacement = await api("GET", `/leads?placement=${placementId}`, { key });
    expect(byPlacement.body.data).toEqual([expect.objectContaining({ id: leadIds[1], placement_id: placementId, name: "Lead 1" })]);
    const since = await api("GET", `/leads?since=${encodeURIComponent("2026-03-01T10:05:00Z")}`, { key });
    expect(since.body.data.map((lead: { id: string }) => lead.id)).toEqual([leadIds[6], leadIds[5]]);
    expect((await api("GET", "/leads?since=yesterday", { key })).status).toBe(400);
    expect((await api("GET", "/leads?limit=1000", { key })).status).toBe(400);
    expect((await api("GET", "/leads?cursor=garbage", { key })).status).toBe(400);
  });

  it("refuses a query parameter an operation does not take, on every operation, naming it", async () => {
    const misspelt = await api("GET", `/leads?campaign_id=${otherCampaignId}`, { key });
    expect(misspelt.status).toBe(400);
    expect(misspelt.headers.get("content-type")).toBe("application/problem+json");
    expect(misspelt.body).toMatchObject({
      title: "Unknown query parameter",
      status: 400,
      detail: "This operation has no query parameter `campaign_id`. It takes limit, cursor, since, campaign, placement, sort.",
      errors: [{ path: "campaign_id", message: "Unknown query parameter" }],
    });
    const doc = (await openApiDocument()) as unknown as { paths: Record<string, Record<string, unknown>> };
    const uuid = "00000000-0000-4000-8000-000000000000";
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const path = `${template.replace("{event}", "lead.created").replace(/\{[^}]+\}/g, uuid)}?extra=1`;
        const answer = await api(method.toUpperCase(), path, { key, ...(method === "get" || method === "delete" ? {} : { body: {} }) });
        expect({ operation: `${method} ${template}`, status: answer.status, error: answer.body?.errors }).toEqual({
          operation: `${method} ${template}`,
          status: 400,
          error: [{ path: "extra", message: "Unknown query parameter" }],
        });
      }
    }
  });

  it("answers any crafted cursor with a 400 problem, never a server error", async () => {
    const encode = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
    const uuid = "00000000-0000-4000-8000-000000000000";
    const crafted = [
      encode(["1", uuid]), // Date.parse reads "1" as a year; PostgreSQL refuses it as a timestamp
      encode(["2026-03-01 10:00:00+00", "------------------------------------"]),
      encode(["2026-03-01 10:00:00+00", `${uuid}'; drop table lead; --`]),
      encode(["2026-02-31 10:00:00+00", uuid]),
      encode(["2026-03-01 25:61:00+00", uuid]),
      encode(["2026-03-01 10:00:00+99", uuid]),
      encode(["275760-09-13 00:00:00+00", uuid]),
      encode(["2026-03-01 10:00:00+00"]),
      encode({ at: "2026-03-01 10:00:00+00", id: uuid }),
      encode([null, null]),
      encode([20260301, uuid]),
      encode("not json"),
      encode("[" + "[".repeat(5000)),
      "%00%ff",
      "a".repeat(200),
    ];
    for (const cursor of crafted) {
      const answer = await api("GET", `/leads?cursor=${encodeURIComponent(cursor)}`, { key });
      expect(answer.status, cursor.slice(0, 60)).toBe(400);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("gets and deletes a lead", async () => {
    const lead = await createLeadRow(campaignId, { name: "Delete Me", email: "delete@example.com" });
    expect((await api("GET", `/leads/${lead.id}`, { key })).body).toMatchObject({
      id: lead.id,
      name: "Delete Me",
      email: "delete@example.com",
      phone: null,
    });
    expect((await api("DELETE", `/leads/${lead.id}`, { key })).status).toBe(204);
    expect((await api("GET", `/leads/${lead.id}`, { key })).status).toBe(404);
    expect((await api("DELETE", `/leads/${lead.id}`, { key })).status).toBe(404);
  });
});

describe("REST hooks", () => {
  it("subscribes and unsubscribes a target URL", async () => {
    const subscribed = await api("POST", "/hooks", { key, body: { target_url: "http://127.0.0.1:9999/zap", event: "lead.created" } });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body).toMatchObject({ object: "hook", target_url: "http://127.0.0.1:9999/zap", event: "lead.created" });
    expect(subscribed.body.secret).toMatch(/^whsec_/);
    const { db } = await getServices();
    const [row] = await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.id, subscribed.body.id));
    expect(row).toMatchObject({ userId: owner.id, source: "rest_hook", events: ["lead.created"] });
    expect((await api("POST", "/hooks", { key, body: { target_url: "ftp://example.com", event: "lead.created" } })).status).toBe(422);
    expect((await api("DELETE", `/hooks/${subscribed.body.id}`, { key })).status).toBe(204);
    expect((await api("DELETE", `/hooks/${subscribed.body.id}`, { key })).status).toBe(404);
  });

  it("shows a sample payload of an event and names the key's account (automation-tools-connect-through-rest-hooks tests them)", async () => {
    expect((await api("GET", "/hooks/sample/lead.confirmed", { key })).body).toMatchObject({
      type: "lead.confirmed",
      data: { lead: { object: "lead" } },
    });
    expect((await api("GET", "/hooks/sample/lead.unknown", { key })).status).toBe(404);
    expect((await api("GET", "/me", { key })).body).toMatchObject({ object: "account", id: owner.id, plan: { is_pro: true } });
  });
});

describe("rate limits", () => {
  it("answers 429 with RateLimit and Retry-After headers once a key's budget is spent", async () => {
    const { db } = await getServices();
    const busy = await createApiKey(db, { userId: owner.id, name: "Busy" });
    let last: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i <= API_RATE_LIMIT.points; i++) last = await api("GET", `/campaigns/${campaignId}`, { key: busy.key });
    expect(last!.status).toBe(429);
    expect(last!.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another key of the same owner has its own budget.
    expect((await api("GET", `/campaigns/${campaignId}`, { key })).status).toBe(200);
  });
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, describes Bearer auth, and every operation was exercised above with a matching answer", async () => {
    const doc = (await openApiDocument()) as unknown as { openapi: string; components: { securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const success of await documentedSuccesses()) expect([...exercised], success).toContain(success);
  });
});

afterAll(() => undefined);
