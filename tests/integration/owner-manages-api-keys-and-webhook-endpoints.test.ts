// Settings → Integrations: endpoints and API keys are created, their secrets shown once, keys
// revoked; free owners see the page with an upgrade prompt and can create nothing.
process.env.WEBHOOKS_ALLOW_PRIVATE = "true";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { authenticateApiKey, createApiKey, hashApiKey } from "~/features/integrations/api-keys.server";
import * as page from "~/routes/settings.integrations";
import * as endpointPage from "~/routes/settings.integrations.webhook";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const post = (cookie: string, form: Record<string, string | string[]>) =>
  callRoute(page.action, makeRequest("/settings/integrations", { cookie, form }));

describe("settings → integrations", () => {
  it("revokes every API key after a confirmation step, for a Pro or a free owner (issue 25 finding 8)", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const keys = [await createApiKey(db, { userId: owner.id, name: "One" }), await createApiKey(db, { userId: owner.id, name: "Two" })];
    const other = await createUser({ isPro: true });
    const othersKey = await createApiKey(db, { userId: other.id, name: "Not yours" });

    const asked = await post(owner.cookie, { intent: "revokeAllKeys" });
    expect(asked.data).toEqual({ form: "revokeAll", confirmRevokeAll: 2 });
    const live = async (key: string) => (await authenticateApiKey(db, key)) !== null;
    expect(await live(keys[0]!.key)).toBe(true);

    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    const done = await post(owner.cookie, { intent: "revokeAllKeys", confirm: "yes" });
    expect(done.data).toEqual({ form: "revokeAll", message: "2 API keys revoked." });
    const rows = await db.select({ revokedAt: schema.apiKey.revokedAt }).from(schema.apiKey).where(eq(schema.apiKey.userId, owner.id));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect(await live(othersKey.key)).toBe(true);
  });

  it("adds an endpoint with its events and shows the signing secret once", async () => {
    const owner = await createUser({ isPro: true });
    const created = await post(owner.cookie, {
      intent: "createEndpoint",
      url: "http://127.0.0.1:9999/leads",
      events: ["lead.created", "campaign.updated"],
      description: "CRM",
    });
    expect(created.status).toBe(200);
    const secret = created.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);

    const view = (await callRoute(page.loader, makeRequest("/settings/integrations", { cookie: owner.cookie }))).data;
    expect(view.endpoints).toEqual([
      expect.objectContaining({ url: "http://127.0.0.1:9999/leads", events: ["lead.created", "campaign.updated"], status: "active" }),
    ]);
    expect(JSON.stringify(view)).not.toContain(secret);
    const endpointView = (await callRoute(endpointPage.loader, makeRequest("/x", { cookie: owner.cookie }), { endpointId: view.endpoints[0].id }))
      .data;
    expect(JSON.stringify(endpointView)).not.toContain(secret);

    // Rotating gives a new secret, once.
    const rotated = (
      await callRoute(endpointPage.action, makeRequest("/x", { cookie: owner.cookie, form: { intent: "rotate" } }), {
        endpointId: view.endpoints[0].id,
      })
    ).data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const { db } = await getServices();
    const [row] = await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.userId, owner.id));
    expect(row!.secret).toBe(rotated.secret);
  });

  it("refuses an endpoint without events or with a bad URL, next to the field", async () => {
    const owner = await createUser({ isPro: true });
    expect((await post(owner.cookie, { intent: "createEndpoint", url: "http://127.0.0.1:9999/x" })).data.fieldErrors.events).toBe(
      "Choose at least one event",
    );
    expect((await post(owner.cookie, { intent: "createEndpoint", url: "nonsense", events: "lead.created" })).data.fieldErrors.url).toMatch(
      /full URL/,
    );
    expect(
      (await post(owner.cookie, { intent: "createEndpoint", url: "http://127.0.0.1:9999/x", events: "lead.deleted" })).data.fieldErrors,
    ).toBeDefined();
  });

  it("creates an API key shown once and stored hashed, then revokes it", async () => {
    const owner = await createUser({ isPro: true });
    const created = (await post(owner.cookie, { intent: "createKey", name: "Zapier" })).data;
    expect(created.apiKey).toMatch(/^lqr_[A-Za-z0-9_-]{32}$/);
    const { db } = await getServices();
    const [row] = await db.select().from(schema.apiKey).where(eq(schema.apiKey.userId, owner.id));
    expect(row).toMatchObject({ name: "Zapier", keyHash: hashApiKey(created.apiKey), revokedAt: null });
    const view = (await callRoute(page.loader, makeRequest("/settings/integrations", { cookie: owner.cookie }))).data;
    expect(view.keys).toEqual([expect.objectContaining({ name: "Zapier", revoked: false, lastUsedAt: null })]);
    expect(JSON.stringify(view)).not.toContain(created.apiKey);
    expect(JSON.stringify(view)).not.toContain(row!.keyHash);

    expect((await post(owner.cookie, { intent: "revokeKey", keyId: row!.id })).data.message).toBe("API key revoked.");
    expect((await post(owner.cookie, { intent: "revokeKey", keyId: row!.id })).status).toBe(404);
    expect((await post(owner.cookie, { intent: "createKey", name: "  " })).status).toBe(400);
  });

  it("shows free owners the page with an upgrade prompt and creates nothing", async () => {
    const owner = await createUser();
    const view = (await callRoute(page.loader, makeRequest("/settings/integrations", { cookie: owner.cookie }))).data;
    expect(view).toEqual({ isPro: false, endpoints: [], keys: [] });
    const forms: Array<Record<string, string>> = [
      { intent: "createEndpoint", url: "http://127.0.0.1:9999/x", events: "lead.created" },
      { intent: "createKey", name: "Sneaky" },
    ];
    for (const form of forms) {
      const answer = await post(owner.cookie, form);
      expect(answer.status).toBe(403);
      expect(answer.data.error).toContain("Integrations are part of LeadQR Pro");
    }
    const { db } = await getServices();
    expect(await db.select().from(schema.apiKey).where(eq(schema.apiKey.userId, owner.id))).toEqual([]);
    expect(await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.userId, owner.id))).toEqual([]);
  });
});
