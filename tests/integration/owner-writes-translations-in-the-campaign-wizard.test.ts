// The wizard's "Languages" (decision 454): translations of the owner's copy written while creating
// or editing a campaign are saved with it by the Languages page's rule and store, refused next to
// the field with nothing saved, prefilled on edit, and drafted by the AI (the OpenAI SDK against
// the local stand-in) without being saved.
import { afterAll, describe, expect, it } from "vitest";
import { createOpenAiStub } from "../e2e/stubs/openai.mjs";

type Stub = { baseURL: string; requests: Array<{ path: string; body: Record<string, unknown> }>; close: () => Promise<void> };
const stub: Stub = await createOpenAiStub();
// Before anything reads the configuration: the route uses the real SDK against the stand-in.
process.env.OPENAI_API_KEY = "sk-stub-ok";
process.env.OPENAI_BASE_URL = stub.baseURL;

const campaignsRoute = await import("~/routes/campaigns");
const languages = await import("~/routes/campaign-languages");
const translateCopy = await import("~/routes/api.translate-copy");
const { createUser } = await import("../support/factories");
const { callRoute, makeRequest } = await import("../support/http");
const { campaignForm, readCampaignRow, createCampaignFor, postCampaigns } = await import("../support/campaigns-support");

afterAll(() => stub.close());

const SPANISH = {
  "translation.es.headline": "  Despierta con un 20% menos en tu café ",
  "translation.es.offer": "20% de descuento",
  "translation.es.condition": "",
  "translation.es.thankYou": "",
};

async function campaignCount(userId: string) {
  const { getServices } = await import("~/utils/services.server");
  const schema = await import("~/db/schema");
  const { eq } = await import("drizzle-orm");
  const { db } = await getServices();
  return (await db.select({ id: schema.campaign.id }).from(schema.campaign).where(eq(schema.campaign.userId, userId))).length;
}

describe("the wizard's Languages", () => {
  it("saves the translations written at launch with the campaign, trimmed, empty fields left to the owner's words", async () => {
    const owner = await createUser({ isPro: true });
    const id = await createCampaignFor(owner, { ...SPANISH, "translation.it.offer": "20% di sconto", "translation.de.headline": "" });
    expect((await readCampaignRow(id))!.copyTranslations).toEqual({
      es: { headline: "Despierta con un 20% menos en tu café", offer: "20% de descuento" },
      it: { offer: "20% di sconto" },
    });
    // The Languages page reads the same translations.
    const page = await callRoute(languages.loader, makeRequest(`/campaigns/${id}/languages`, { cookie: owner.cookie }), { campaignId: id });
    expect(page.data).toMatchObject({ translations: { es: { offer: "20% de descuento" }, it: { offer: "20% di sconto" } } });
  });

  it("refuses a translation longer than the owner's field allows, next to that field, keeps what was typed and saves nothing", async () => {
    const owner = await createUser({ isPro: true });
    const tooLong = "x".repeat(201);
    const refused = await postCampaigns(owner.cookie, campaignForm({ ...SPANISH, "translation.fr.headline": tooLong }));
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ "translation.fr.headline": "Headline must be at most 200 characters." });
    expect(refused.data.values).toMatchObject({ "translation.fr.headline": tooLong, "translation.es.offer": "20% de descuento" });
    expect(await campaignCount(owner.id)).toBe(0);
  });

  it("shows the saved translations when editing, and saves what the owner changes there", async () => {
    const owner = await createUser({ isPro: true });
    const id = await createCampaignFor(owner, SPANISH);
    const loaded = await callRoute(campaignsRoute.loader, makeRequest(`/campaigns?edit=${id}`, { cookie: owner.cookie }));
    expect(loaded.data.wizard.campaign).toMatchObject({
      language: "en",
      translations: { es: { headline: "Despierta con un 20% menos en tu café", offer: "20% de descuento" } },
    });

    // Kept when posted back as shown; changed and added where the owner wrote.
    const update = (form: Record<string, string>) => postCampaigns(owner.cookie, campaignForm({ intent: "update", campaignId: id, ...form }));
    expect(
      (await update({ "translation.es.headline": "Despierta con un 20% menos en tu café", "translation.es.offer": "20% de descuento" })).status,
    ).toBe(302);
    expect((await readCampaignRow(id))!.copyTranslations).toEqual({
      es: { headline: "Despierta con un 20% menos en tu café", offer: "20% de descuento" },
    });
    expect(
      (await update({ "translation.es.headline": "", "translation.es.offer": "Un 20% menos", "translation.nl.thankYou": "Tot snel!" })).status,
    ).toBe(302);
    expect((await readCampaignRow(id))!.copyTranslations).toEqual({ es: { offer: "Un 20% menos" }, nl: { thankYou: "Tot snel!" } });

    // A refused edit changes nothing, the campaign's own fields included.
    const refused = await update({ title: "Renamed", "translation.nl.offer": "y".repeat(201) });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.data.fieldErrors)).toEqual(["translation.nl.offer"]);
    const row = await readCampaignRow(id);
    expect(row!.title).toBe("Summer Coffee Special");
    expect(row!.copyTranslations).toEqual({ es: { offer: "Un 20% menos" }, nl: { thankYou: "Tot snel!" } });

    // A form without the Languages fields leaves the translations as they are.
    expect((await update({ title: "Renamed" })).status).toBe(302);
    expect((await readCampaignRow(id))!.copyTranslations).toEqual({ es: { offer: "Un 20% menos" }, nl: { thankYou: "Tot snel!" } });
  });

  it("keeps no translation in the page's own language: the owner's copy is that language", async () => {
    const owner = await createUser({ isPro: true });
    const id = await createCampaignFor(owner, { language: "es", ...SPANISH, "translation.en.headline": "Wake up" });
    expect((await readCampaignRow(id))!.copyTranslations).toEqual({ en: { headline: "Wake up" } });
  });
});

describe("the wizard's Translate with AI", () => {
  const ask = (cookie: string, form: Record<string, string>) => callRoute(translateCopy.action, makeRequest("/api/translate-copy", { cookie, form }));
  const copy = {
    from: "en",
    businessType: "Bakery",
    headline: "Free Pastry With Every Coffee",
    offer: "Free pastry",
    condition: "with any coffee",
    thankYou: "Show this screen at the counter.",
  };

  it("drafts the copy as the form holds it into one language, and saves nothing", async () => {
    const owner = await createUser({ isPro: true });
    const answer = await ask(owner.cookie, { ...copy, language: "it" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      ok: true,
      language: "it",
      draft: {
        headline: "[it] Free Pastry With Every Coffee",
        offer: "[it] Free pastry",
        condition: "[it] with any coffee",
        thankYou: "[it] Show this screen at the counter.",
      },
    });
    expect(JSON.stringify(stub.requests.at(-1)!.body.messages)).toContain("from English into Italian (it)");
    expect(await campaignCount(owner.id)).toBe(0);
  });

  it("asks for the copy first, and refuses once the owner's AI budget is spent", async () => {
    const owner = await createUser({ isPro: true });
    const empty = await ask(owner.cookie, { ...copy, headline: " ", language: "it" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, error: "Write your offer, condition, headline and thank-you message first." });
    let last = await ask(owner.cookie, { ...copy, language: "de" });
    for (let i = 0; i < 25 && last.status === 200; i++) last = await ask(owner.cookie, { ...copy, language: "de" });
    expect(last.status).toBe(429);
    expect(last.data.ok).toBe(false);
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
