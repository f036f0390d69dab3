// The API documentation page's own words, English. The reference itself (operations, objects, event
// descriptions, identifiers in <code>) comes from the OpenAPI document and stays as it is.
// Spread into the catalogue by en.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
export const enApiDocs = {
  pageTitle: "API documentation · LeadQR",
  baseUrl: "Base URL <code>{{server}}</code> · Machine-readable: <spec>openapi.json</spec> (OpenAPI 3.1)",
  auth: {
    title: "Authentication, limits and errors",
    createKey: "Create a key in Settings → Integrations and send it on every request:",
    limits:
      "Each key may make 120 requests a minute; every answer carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>, and a 429 carries <code>Retry-After</code>, as does a 503 while the service is briefly unavailable. POST requests accept an <code>Idempotency-Key</code> header: a retry with the same key and body returns the first answer.",
    errors:
      "Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> and, for validation, <code>errors</code>.",
  },
  translations: {
    title: "Translations of a campaign's copy",
    text: "A campaign's <code>translations</code> hold the owner's headline, offer, condition and thank-you message in other languages, keyed by language code; a visitor whose page is in that language reads them, and a field left out shows the campaign's own words. Send <code>translations</code> when creating a campaign, or with <code>PATCH /campaigns/{id}</code> to replace them all (<code>{}</code> removes them). They follow the same rules as the owner's Languages page: a language we have other than the campaign's own, each field at most as long as the campaign's own field. Anything else is a 422 whose <code>errors</code> name the field, for example <code>translations.es.thank_you</code>.",
  },
  endpoints: "Endpoints",
  required: ", required",
  body: "Body:",
  objects: "Objects",
  optional: "(optional)",
  webhooks: {
    title: "Webhooks",
    envelope:
      "Events are POSTed as JSON <code>{{envelope}}</code> and signed by the Standard Webhooks scheme: verify <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> with your endpoint's secret (for example with the <code>standardwebhooks</code> library). The <code>id</code> stays the same across retries, so use it to ignore duplicates. Answer with any 2xx within 10 seconds; anything else is retried with growing delays for more than 24 hours.",
    lead: "The <code>lead.*</code> and <code>offer.redeemed</code> events carry the lead in <code>data.lead</code> exactly as the API returns it (including its <code>language</code>, the language of the page the visitor used) and its campaign's <code>id</code> and <code>title</code> in <code>data.campaign</code>.",
    restHooks:
      "REST hooks (Zapier, Make and similar): <code>POST /hooks</code> with <code>target_url</code> and <code>event</code> subscribes; <code>DELETE /hooks/{id}</code> unsubscribes, and so does answering a delivery with <code>410 Gone</code>: the hook stops at once and receives nothing more. <code>GET /hooks/sample/{event}</code> returns a sample payload built exactly as deliveries are; <code>GET /me</code> names the key's account, business and plan (a connection test). Tools that poll instead call <code>GET /leads?sort=-created_at&limit=…</code> and keep the ids they have seen.",
  },
};
