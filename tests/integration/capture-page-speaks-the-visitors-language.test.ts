// The visitor's language (decisions 410–412): Accept-Language picks the page's language, else the
// campaign's; the switcher's choice is remembered by a cookie; the fast path keeps a document per
// language; a lead keeps its consent wording in the language shown, and its emails are in it
// (delivered through a real SMTP server).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { clearCaptureDocuments } from "~/features/capture/capture-document.server";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { endOfDayIn } from "~/features/redeem/offer";
import * as capture from "~/routes/capture";
import { renderNewLeadEmails } from "~/features/email/new-lead-email.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { api } from "../support/api-support";
import { useMailbox } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

let addressCounter = 0;

type LoadedView = {
  state: string;
  language: string;
  scanToken?: string;
  locale: { language: string; messages: { capture: Record<string, Record<string, string>> } };
};

function load(campaignId: string, headers: Record<string, string> = {}, query = "") {
  const request = makeRequest(`/capture/${campaignId}${query}`, {
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.18.9.${++addressCounter}`, ...headers },
  });
  return callRoute(capture.loader, request, { campaignId });
}

/** The owner of the campaign `setup` made last. */
let owner: Awaited<ReturnType<typeof createUser>>;

async function setup(
  options: { language?: string; consentMode?: "notice" | "checkbox" | "double_opt_in"; translations?: schema.CopyTranslations } = {},
) {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Semana del pan" });
  await db
    .update(schema.campaign)
    // The owner wrote Spanish and Arabic copy: a page is only ever in a language with their words.
    .set({
      consentMode: options.consentMode ?? "notice",
      language: options.language ?? "en",
      copyTranslations: options.translations ?? { es: { headline: "Pan recién hecho" }, ar: { headline: "خبز طازج" } },
    })
    .where(eq(schema.campaign.id, campaign.id));
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Panadería Sol" });
  await db.insert(schema.offerRule).values({
    campaignId: campaign.id,
    expiry: "until",
    validUntil: "2099-12-31",
    validUntilAt: endOfDayIn("2099-12-31", "Europe/Madrid"),
  });
  return campaign.id;
}

describe("which language the capture page is in", () => {
  it("a Spanish phone gets the Spanish page, and its strings only", async () => {
    const campaignId = await setup();
    const result = await load(campaignId, { "accept-language": "es-ES,es;q=0.9,en;q=0.8" });
    expect(result.status).toBe(200);
    const view = result.data as LoadedView;
    expect(view.language).toBe("es");
    expect(view.locale.messages.capture.form!.submit).toBe("Quiero mi oferta");
    // Only Spanish travels with the page: no English sentence, and nothing of the other states.
    const shipped = JSON.stringify(view.locale);
    expect(shipped).not.toContain("Claim My Offer");
    expect(shipped).not.toContain("Full Name");
    expect(view.locale.messages.capture.limit).toBeUndefined();

    expect(view.locale.messages.capture.consent!.notice).toMatch(/^Al enviar este formulario/);
  });

  it("a language we lack falls back to the campaign's, and English by default", async () => {
    const german = await setup({ language: "de" });
    expect(((await load(german, { "accept-language": "xh-ZA" })).data as LoadedView).language).toBe("de");
    const plain = await setup();
    expect(((await load(plain, { "accept-language": "xh-ZA" })).data as LoadedView).language).toBe("en");
    expect(((await load(plain)).data as LoadedView).language).toBe("en");
  });

  it("a German phone on a campaign without German copy gets the whole page in the page language, and the switcher its languages", async () => {
    const campaignId = await setup();
    const view = (await load(campaignId, { "accept-language": "de-DE,de;q=0.9" })).data as LoadedView & { languages: string[] };
    expect(view.language).toBe("en");
    expect(view.locale.messages.capture.form!.submit).toBe("Claim My Offer");
    expect(view.locale.messages.capture.thanks!.title).toBe("Thank You!");
    expect(JSON.stringify(view.locale)).not.toContain("Vielen Dank");
    expect(view.languages).toEqual(["en", "es", "ar"]);
    // A German page language with a Spanish translation: German for the German phone, Spanish for the Spanish.
    const german = await setup({ language: "de", translations: { es: { headline: "Pan recién hecho" } } });
    expect(((await load(german, { "accept-language": "de-DE" })).data as LoadedView).language).toBe("de");
    expect(((await load(german, { "accept-language": "fr-FR,es;q=0.5" })).data as LoadedView).language).toBe("es");
    expect(((await load(german, { "accept-language": "fr-FR" })).data as LoadedView).language).toBe("de");
  });

  it("a linked or remembered language without the owner's words is not followed, nor remembered", async () => {
    const campaignId = await setup();
    const linked = await load(campaignId, { "accept-language": "es-ES" }, "?lang=de");
    expect((linked.data as LoadedView).language).toBe("es");
    expect(linked.headers.get("set-cookie") ?? "").not.toContain("v_lang");
    expect(((await load(campaignId, { cookie: "v_lang=de" })).data as LoadedView).language).toBe("en");
  });

  it("an unexpected failure is told in the visitor's language, and only those sentences travel", async () => {
    const campaignId = await setup();
    const { db } = await getServices();
    // A fault of ours (a query naming a column that is not there), not an overload.
    await db.execute(sql`alter table business_identity rename column privacy_policy_url to privacy_policy_url_gone`);
    try {
      const failed = await load(campaignId, { "accept-language": "de-DE" });
      expect(failed.status).toBe(500);
      expect(failed.data).toEqual({
        locale: {
          language: "de",
          messages: {
            capture: {
              errors: {
                unexpectedTitle: "Etwas ist schiefgelaufen",
                unexpectedBody: "Dieses Angebot kann gerade nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.",
              },
              form: { language: "Sprache" },
            },
          },
        },
      });
    } finally {
      await db.execute(sql`alter table business_identity rename column privacy_policy_url_gone to privacy_policy_url`);
    }
  });

  it("the switcher's choice is set as a cookie on the page and wins over the browser on the next load", async () => {
    const campaignId = await setup();
    const chosen = await load(campaignId, { "accept-language": "de-DE" }, "?lang=es");
    expect((chosen.data as LoadedView).language).toBe("es");
    const setCookie = chosen.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/v_lang=es; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const next = await load(campaignId, { "accept-language": "de-DE", cookie: "v_lang=es" });
    expect((next.data as LoadedView).language).toBe("es");
  });
});

describe("the fast document path", () => {
  let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
  const rendered: string[] = [];
  beforeAll(async () => {
    // The stand-in for React Router's render: the document says its language and direction, as root.tsx does.
    server = await startCaptureDocumentServer(async (path, view, nonce) => {
      rendered.push(view.locale.language);
      const dir = view.locale.language === "ar" ? "rtl" : "ltr";
      return `<!doctype html><html lang="${view.locale.language}" dir="${dir}"><body>${view.locale.messages.capture?.form?.submit ?? ""} ${nonce}</body></html>`;
    });
    clearCaptureDocuments();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function get(campaignId: string, headers: Record<string, string>, query = "") {
    const response = await fetch(`${server.base}/capture/${campaignId}${query}`, {
      headers: { "user-agent": phoneUserAgent(), [TEST_ADDRESS_HEADER]: `198.18.10.${++addressCounter}`, ...headers },
    });
    return { response, html: await response.text() };
  }

  it("keeps one document per language: Spanish, then English for a German phone, then Spanish again from the cache", async () => {
    const campaignId = await setup();
    const spanish = await get(campaignId, { "accept-language": "es-ES" });
    expect(spanish.html).toContain('<html lang="es" dir="ltr">');
    expect(spanish.html).toContain("Quiero mi oferta");
    // No German copy from the owner: the German phone gets the page language's document, never German labels around it.
    const german = await get(campaignId, { "accept-language": "de-DE" });
    expect(german.html).toContain('<html lang="en" dir="ltr">');
    expect(german.html).toContain("Claim My Offer");
    expect(german.html).not.toContain("Angebot sichern");
    const before = rendered.length;
    const again = await get(campaignId, { "accept-language": "es" });
    expect(again.html).toContain("Quiero mi oferta");
    expect(rendered.length).toBe(before);
    expect(spanish.response.headers.get("vary")).toContain("Accept-Language");
  });

  it("an Arabic phone gets a right-to-left page; the switcher's link sets the cookie the next load follows", async () => {
    const campaignId = await setup();
    const arabic = await get(campaignId, { "accept-language": "ar-EG,ar;q=0.9" });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain("احصل على عرضي");

    const switched = await get(campaignId, { "accept-language": "ar-EG" }, "?lang=es");
    expect(switched.html).toContain("Quiero mi oferta");
    expect(switched.response.headers.getSetCookie().some((cookie) => cookie.startsWith("v_lang=es;"))).toBe(true);
    const next = await get(campaignId, { "accept-language": "ar-EG", cookie: "v_lang=es" });
    expect(next.html).toContain('<html lang="es" dir="ltr">');
    // Remembered already: not set again.
    expect(next.response.headers.getSetCookie().filter((cookie) => cookie.startsWith("v_lang="))).toEqual([]);
  });
});

describe("a Spanish visitor's lead", () => {
  const { deliveredTo } = useMailbox();

  async function claim(campaignId: string, form: Record<string, string>) {
    const headers = {
      "user-agent": phoneUserAgent(),
      "x-leadqr-client-ip": `198.18.11.${++addressCounter}`,
      cookie: "tz=Europe%2FMadrid",
      "accept-language": "es-ES",
    };
    const page = (await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId })).data as LoadedView;
    const result = await callRoute(
      capture.action,
      makeRequest(`/capture/${campaignId}`, { form: { scanToken: page.scanToken!, lang: page.language, ...form }, headers }),
      { campaignId },
    );
    return {
      status: result.status,
      body: result.data as { ok: boolean; fieldErrors?: Record<string, string>; checkEmail?: boolean; claim?: { validity: string } },
    };
  }

  it("is told what is wrong in Spanish", async () => {
    const campaignId = await setup({ consentMode: "checkbox" });
    const { status, body } = await claim(campaignId, { name: "", email: "no-es-un-correo" });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ name: "Escribe tu nombre completo", email: "Escribe un correo electrónico válido" });
  });

  it("is thanked in Spanish, keeps the Spanish consent wording with its language, and gets the double opt-in email in Spanish", async () => {
    const campaignId = await setup({ consentMode: "double_opt_in" });
    const { status, body } = await claim(campaignId, { name: "Lucía Pérez", email: "lucia@example.com", marketingConsent: "yes" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, checkEmail: true });
    expect(body.claim!.validity).toBe("Válido hasta el 31 dic 2099");

    const { db } = await getServices();
    const rows = await db.execute(sql`select w.text, w.language from lead_consent c join consent_wording w on w.id = c.wording_id
      join lead l on l.id = c.lead_id where l.email = 'lucia@example.com'`);
    const [record] = (rows as unknown as { rows: Array<{ text: string; language: string }> }).rows;
    expect(record).toEqual({
      text:
        "Acepto recibir correos comerciales de Panadería Sol. Puedo retirar mi consentimiento en cualquier momento. " +
        "Te enviaremos un enlace por correo para confirmarlo. No recibirás nada hasta que lo confirmes.",
      language: "es",
    });

    const [mail] = await deliveredTo("lucia@example.com");
    expect(mail!.html).toContain("<title>Confírmalo: correos de Panadería Sol</title>");
    expect(mail!.text).toContain("Has pedido recibir correos comerciales de Panadería Sol. Aceptaste lo siguiente:");
    expect(mail!.text).toContain(`"${record!.text}"`);
    expect(mail!.text).toMatch(/Confirmar mi consentimiento \(funciona una sola vez, durante 7 días\): http\S+\/consent\/confirm\//);
    expect(mail!.text).toContain("Tu código de oferta: ");
    expect(mail!.text).toContain("Enséñalo en el mostrador\nVálido hasta el 31 dic 2099");
    expect(mail!.html).toContain("Enviado por LeadQR en nombre de Panadería Sol.");
    expect(mail!.html).toContain('<html lang="es">');
    expect(mail!.text).not.toContain("Please confirm");
  });

  it("posted in a language the campaign has no words in, is kept and emailed in the page language", async () => {
    const campaignId = await setup({ consentMode: "double_opt_in" });
    const { status } = await claim(campaignId, { name: "Jonas Weber", email: "jonas@example.com", marketingConsent: "yes", lang: "de" });
    expect(status).toBe(200);
    const { db } = await getServices();
    const rows = await db.execute(sql`select w.language from lead_consent c join consent_wording w on w.id = c.wording_id
      join lead l on l.id = c.lead_id where l.email = 'jonas@example.com'`);
    expect((rows as unknown as { rows: Array<{ language: string }> }).rows).toEqual([{ language: "en" }]);
    const [mail] = await deliveredTo("jonas@example.com");
    expect(mail!.html).toContain("<title>Please confirm: emails from Panadería Sol</title>");
    expect(mail!.text).not.toContain("Bitte");
  });

  it("is a Spanish lead to the owner's email, the REST API and the webhook", async () => {
    const campaignId = await setup({ consentMode: "checkbox" });
    const { db } = await getServices();
    await db.insert(schema.webhookEndpoint).values({
      userId: owner.id,
      url: "https://hooks.example.com/crm",
      events: ["lead.created"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const { key } = await createApiKey(db, { userId: owner.id, name: "CRM" });
    const { body } = await claim(campaignId, { name: "Carmen Vidal", email: "carmen@example.com" });
    expect(body.ok).toBe(true);
    const [stored] = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.email, "carmen@example.com"));

    const queued = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.leadId, stored!.id), eq(schema.emailOutbox.kind, "new_lead")));
    // The owner's email as the worker sends it: rendered from the lead then (decision 422).
    const [ownerMail] = await renderNewLeadEmails(db, queued, "http://localhost:3000");
    expect(ownerMail!.text).toMatch(/Language\s*:?\s*Español \(es\)/);
    expect(ownerMail!.html).toContain("Español (es)");

    const answer = await api("GET", `/leads/${stored!.id}`, { key });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: stored!.id, email: "carmen@example.com", language: "es" });
    const listed = await api("GET", `/leads?campaign=${campaignId}`, { key });
    expect(listed.body.data.map((lead: { language: string }) => lead.language)).toEqual(["es"]);

    const [event] = await db
      .select({ payload: schema.webhookEvent.payload })
      .from(schema.webhookEvent)
      .where(and(eq(schema.webhookEvent.userId, owner.id), eq(schema.webhookEvent.type, "lead.created")));
    expect((event!.payload as { data: { lead: { language: string } } }).data.lead).toMatchObject({ id: stored!.id, language: "es" });
  });

  it("gets the offer code email in Spanish when the campaign needs no confirmation", async () => {
    const campaignId = await setup({ consentMode: "notice" });
    const { body } = await claim(campaignId, { name: "Mateo Ruiz", email: "mateo@example.com" });
    expect(body.ok).toBe(true);
    const [mail] = await deliveredTo("mateo@example.com");
    expect(mail!.html).toContain("<title>Tu código de oferta de Panadería Sol</title>");
    expect(mail!.text).toContain("Gracias por conseguir la oferta de Panadería Sol. Este es tu código:");
    const { db } = await getServices();
    const rows = await db.execute(sql`select w.text, w.language from lead_consent c join consent_wording w on w.id = c.wording_id
      join lead l on l.id = c.lead_id where l.email = 'mateo@example.com'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      {
        text: "Al enviar este formulario, aceptas recibir comunicaciones comerciales de nuestra parte. Puedes darte de baja en cualquier momento.",
        language: "es",
      },
    ]);

    // The owner sees which language the consent was given in: on the lead and in the CSV's Consent Language column.
    const exportRoute = await import("~/routes/leads-export");
    const csv = await (await callRoute(exportRoute.loader, makeRequest("/leads/export.csv", { cookie: owner.cookie }))).response!.text();
    expect(csv.split("\r\n")[0]).toMatch(/,Consent Language,redeemed_by,location$/);
    expect(
      csv
        .split("\r\n")
        .find((line) => line.startsWith("Mateo Ruiz"))!
        .split(",")
        .at(-3),
    ).toBe("es");
    const detailRoute = await import("~/routes/lead-detail");
    const [stored] = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.email, "mateo@example.com"));
    const detail = await callRoute(detailRoute.loader, makeRequest(`/leads/${stored!.id}`, { cookie: owner.cookie }), { leadId: stored!.id });
    expect(detail.data.lead.consent).toMatchObject({ language: "es", wording: expect.stringContaining("Al enviar este formulario") });
    // And the offer code the visitor was given, with where it stands.
    expect(detail.data.lead.offerCode).toMatchObject({
      code: expect.stringMatching(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/),
      status: "valid",
      redeemedAt: null,
    });
  });
});
