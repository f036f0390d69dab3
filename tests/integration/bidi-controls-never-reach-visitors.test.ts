// Bidirectional override and isolate characters (U+202A–U+202E, U+2066–U+2069) reorder the text
// around them, so a business name or a translation carrying one could show a visitor, an email or
// the recorded consent wording something other than what is stored (issue 52 finding 8a). They
// are dropped where input enters (decision 061), with NUL: forms and the REST API's JSON.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { endOfDayIn } from "~/features/redeem/offer";
import * as campaignLanguages from "~/routes/campaign-languages";
import * as capture from "~/routes/capture";
import * as settings from "~/routes/settings";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { api } from "../support/api-support";
import { phoneUserAgent } from "../support/row-factories";

const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

describe("bidi controls the owner types", () => {
  it("never reach the stored name and translations, the consent wording or the sender name", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
    await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.id, campaign.id));
    await db.insert(schema.businessIdentity).values({ userId: owner.id, postalAddress: "1 Main Street" });
    await db
      .insert(schema.offerRule)
      .values({ campaignId: campaign.id, expiry: "until", validUntil: "2099-12-31", validUntilAt: endOfDayIn("2099-12-31", "UTC") });

    const named = await callRoute(
      settings.action,
      makeRequest("/settings", { cookie: owner.cookie, form: { intent: "business", businessName: "Bean \u202Eéfac\u202C There\u2066 Café\u2069" } }),
    );
    expect(named.status).toBe(200);
    const [profile] = await db
      .select({ name: schema.businessProfile.name })
      .from(schema.businessProfile)
      .where(eq(schema.businessProfile.userId, owner.id));
    expect(profile!.name).toBe("Bean éfac There Café");

    const translated = await callRoute(
      campaignLanguages.action,
      makeRequest(`/campaigns/${campaign.id}/languages`, {
        cookie: owner.cookie,
        form: { intent: "save", "translation.es.headline": "Un cruasán \u202Egratis\u202C", "translation.es.thankYou": "\u2067Gracias\u2069" },
      }),
      { campaignId: campaign.id },
    );
    expect(translated.status).toBeLessThan(400);
    const [stored] = await db
      .select({ translations: schema.campaign.copyTranslations })
      .from(schema.campaign)
      .where(eq(schema.campaign.id, campaign.id));
    expect(stored!.translations).toEqual({ es: { headline: "Un cruasán gratis", thankYou: "Gracias" } });

    const headers = { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": "198.18.77.1" };
    const page = await callRoute(capture.loader, makeRequest(`/capture/${campaign.id}`, { headers }), { campaignId: campaign.id });
    const form = { name: "Dana \u202EScully", email: "dana.bidi@example.com", marketingConsent: "yes", scanToken: page.data.scanToken, website: "" };
    const thanks = await callRoute(capture.action, makeRequest(`/capture/${campaign.id}`, { form, headers }), { campaignId: campaign.id });
    expect(thanks.status).toBe(200);

    const rows = await db.execute(sql`select w.text, l.name from lead_consent c join consent_wording w on w.id = c.wording_id
      join lead l on l.id = c.lead_id where l.email = 'dana.bidi@example.com'`);
    const [record] = (rows as unknown as { rows: Array<{ text: string; name: string }> }).rows;
    expect(record!.text).toContain("Bean éfac There Café");
    expect(record!.text).not.toMatch(BIDI);
    expect(record!.name).toBe("Dana Scully");
    const mail = await db
      .select({ senderName: schema.emailOutbox.senderName })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, "dana.bidi@example.com"));
    expect(mail.map((row) => row.senderName)).toEqual(["Bean éfac There Café via LeadQR"]);
  });

  it("never reach a campaign or its translations made through the REST API", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const { key } = await createApiKey(db, { userId: owner.id, name: "CRM" });
    const created = await api("POST", "/campaigns", {
      key,
      body: {
        title: "From \u202EZapier",
        business_type: "Bakery",
        offer: "Free \u2066croissant\u2069",
        condition: "with any coffee",
        headline: "A free \u202Dcroissant",
        thank_you: "Show this at the counter.",
        translations: { es: { headline: "Un cruasán \u202Egratis" } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "From Zapier", offer: "Free croissant" });
    const [stored] = await db
      .select({ headline: schema.campaign.aiHeadline, translations: schema.campaign.copyTranslations })
      .from(schema.campaign)
      .where(eq(schema.campaign.id, created.body.id));
    expect(stored).toEqual({ headline: "A free croissant", translations: { es: { headline: "Un cruasán gratis" } } });
  });
});
