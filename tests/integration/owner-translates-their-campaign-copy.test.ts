// The owner's translations of their copy (decisions 450, 451): saved per language in the campaign,
// shown on the capture page in that language with the owner's original words where a field was
// left empty, taken into the fast path's cached document at once, and drafted by the AI (the
// OpenAI SDK against the local stand-in) for the owner to review before saving.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiStub } from "../e2e/stubs/openai.mjs";
import { phoneUserAgent } from "../support/row-factories";

type Stub = { baseURL: string; requests: Array<{ path: string; key: string; body: Record<string, unknown> }>; close: () => Promise<void> };
const stub: Stub = await createOpenAiStub();
// Before anything reads the configuration: the route uses the real SDK against the stand-in.
process.env.OPENAI_API_KEY = "sk-stub-ok";
process.env.OPENAI_BASE_URL = stub.baseURL;

const schema = await import("~/db/schema");
const { clearCaptureDocuments, SNAPSHOT_TTL_MS } = await import("~/features/capture/capture-document.server");
const capture = await import("~/routes/capture");
const languages = await import("~/routes/campaign-languages");
const { getServices } = await import("~/utils/services.server");
const { createCampaignRow, createUser } = await import("../support/factories");
const { callRoute, makeRequest } = await import("../support/http");
const { startCaptureDocumentServer, TEST_ADDRESS_HEADER } = await import("../support/capture-document-server");

let addressCounter = 0;

afterAll(() => stub.close());

const ORIGINAL = {
  aiHeadline: "Free Pastry With Every Coffee",
  discount: "Free pastry",
  minOrder: "with any coffee",
  aiThankyou: "Show this screen at the counter.",
};

async function setup() {
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Pastry Week", businessType: "Bakery", ...ORIGINAL });
  return { owner, campaignId: campaign.id };
}

function post(campaignId: string, cookie: string, form: Record<string, string>) {
  return callRoute(languages.action, makeRequest(`/campaigns/${campaignId}/languages`, { cookie, form }), { campaignId });
}

type Offer = { headline: string; thankYou: string; terms: { discount: string; minOrder: string } };

async function pageIn(campaignId: string, acceptLanguage: string) {
  const request = makeRequest(`/capture/${campaignId}`, {
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.18.20.${++addressCounter}`, "accept-language": acceptLanguage },
  });
  return (await callRoute(capture.loader, request, { campaignId })).data as { language: string; offer: Offer };
}

describe("the owner's translations", () => {
  it("are saved per language, and the capture page shows them, with the owner's words where a field is empty", async () => {
    const { owner, campaignId } = await setup();
    const saved = await post(campaignId, owner.cookie, {
      intent: "save",
      "translation.es.headline": "  Bollería gratis con cada café ",
      "translation.es.offer": "Bollo gratis",
      "translation.es.condition": "",
      "translation.es.thankYou": "",
      "translation.de.headline": "",
      // Not a language of ours, and the campaign's own language: neither is kept.
      "translation.xx.headline": "?",
      "translation.en.headline": "Not a translation",
    });
    expect(saved.status).toBe(200);
    const { db } = await getServices();
    const [row] = await db.select({ translations: schema.campaign.copyTranslations }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(row!.translations).toEqual({ es: { headline: "Bollería gratis con cada café", offer: "Bollo gratis" } });

    const spanish = await pageIn(campaignId, "es-ES");
    expect(spanish.language).toBe("es");
    expect(spanish.offer).toMatchObject({
      headline: "Bollería gratis con cada café",
      terms: { discount: "Bollo gratis", minOrder: "with any coffee" },
      thankYou: "Show this screen at the counter.",
    });
    // German: no translation, so the whole page in the page language (one language per page).
    const german = await pageIn(campaignId, "de-DE");
    expect(german.language).toBe("en");
    expect(german.offer).toMatchObject({ headline: ORIGINAL.aiHeadline, terms: { discount: ORIGINAL.discount, minOrder: ORIGINAL.minOrder } });

    const form = await callRoute(languages.loader, makeRequest(`/campaigns/${campaignId}/languages`, { cookie: owner.cookie }), { campaignId });
    expect(form.data).toMatchObject({ ai: true, translations: { es: { offer: "Bollo gratis" } }, original: { headline: ORIGINAL.aiHeadline } });
  });

  it("are refused next to the field when longer than the owner's own, keeping what was typed and saving nothing (the wizard's rule too)", async () => {
    const { owner, campaignId } = await setup();
    const tooLong = "y".repeat(201);
    const refused = await post(campaignId, owner.cookie, {
      intent: "save",
      "translation.es.offer": tooLong,
      "translation.it.headline": "Pasticcino gratis",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      fieldErrors: { "translation.es.offer": "Offer must be at most 200 characters." },
      translations: { es: { offer: tooLong }, it: { headline: "Pasticcino gratis" } },
    });
    const { db } = await getServices();
    const [row] = await db.select({ translations: schema.campaign.copyTranslations }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(row!.translations).toEqual({});
  });

  it("are another owner's business: their campaign is not found", async () => {
    const { campaignId } = await setup();
    const stranger = await createUser();
    expect((await post(campaignId, stranger.cookie, { intent: "save", "translation.es.headline": "Hola" })).status).toBe(404);
  });

  it("reach the fast path's cached document as soon as they are saved", async () => {
    const server = await startCaptureDocumentServer(async (_path, view, nonce) => {
      const offer = "offer" in view ? view.offer.headline : "";
      return `<!doctype html><html lang="${view.locale.language}"><body>${offer} ${nonce}</body></html>`;
    });
    clearCaptureDocuments();
    try {
      const { owner, campaignId } = await setup();
      const get = async () =>
        (
          await fetch(`${server.base}/capture/${campaignId}`, {
            headers: { "user-agent": phoneUserAgent(), [TEST_ADDRESS_HEADER]: `198.18.21.${++addressCounter}`, "accept-language": "es-ES" },
          })
        ).text();
      expect(await get()).toContain(ORIGINAL.aiHeadline);
      await post(campaignId, owner.cookie, { intent: "save", "translation.es.headline": "Bollería gratis con cada café" });
      await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_TTL_MS + 100));
      expect(await get()).toContain("Bollería gratis con cada café");
    } finally {
      await server.stop();
    }
  });
});

describe("Translate with AI", () => {
  beforeAll(() => {
    stub.requests.length = 0;
  });

  it("fills one language's fields for the owner to review, keeps what was typed elsewhere, and saves nothing", async () => {
    const { owner, campaignId } = await setup();
    const drafted = await post(campaignId, owner.cookie, { intent: "translate:fr", "translation.es.headline": "Bollería gratis" });
    expect(drafted.status).toBe(200);
    expect(drafted.data).toEqual({
      drafted: "fr",
      translations: {
        es: { headline: "Bollería gratis" },
        fr: {
          headline: "[fr] Free Pastry With Every Coffee",
          offer: "[fr] Free pastry",
          condition: "[fr] with any coffee",
          thankYou: "[fr] Show this screen at the counter.",
        },
      },
    });
    const request = stub.requests.at(-1)!;
    expect(request.path).toBe("/v1/chat/completions");
    expect(JSON.stringify(request.body.messages)).toContain("from English into French (fr)");

    const { db } = await getServices();
    const [row] = await db.select({ translations: schema.campaign.copyTranslations }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(row!.translations).toEqual({});
  });

  it("answer an intent they do not know, or a language the product lacks, with a clear error, saving and drafting nothing", async () => {
    const { owner, campaignId } = await setup();
    const draftsBefore = stub.requests.length;
    for (const intent of ["save:es", "translate:xx", "translate:", "translate:fr:es", "publish", ""]) {
      const answer = await post(campaignId, owner.cookie, { intent, "translation.es.headline": "Hola" });
      expect(answer.status, intent).toBe(400);
      expect(answer.data, intent).toEqual({ formError: "Unknown action.", translations: { es: { headline: "Hola" } } });
    }
    expect(stub.requests.length).toBe(draftsBefore);
    const { db } = await getServices();
    const [row] = await db.select({ translations: schema.campaign.copyTranslations }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(row!.translations).toEqual({});
  });
});
