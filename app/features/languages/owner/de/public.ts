// The public pages (landing, pricing, blog) and the API documentation's own words in German.
// Spread into de/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const dePublic = {
  landing: {
    pageTitle: "LeadQR · Mit QR-Codes zehnmal schneller Leads gewinnen",
    pageDescription: "Erstellen Sie QR-Code-Kampagnen mit Angeboten, die die KI schreibt, gewinnen Sie Leads und verfolgen Sie jeden Scan.",
    title: "Mit smarten QR-Codes zehnmal schneller Leads gewinnen",
    lead: "Drucken Sie einen QR-Code, bringen Sie ihn dort an, wo Ihre Kunden sind, und machen Sie aus jedem Scan einen Lead, bei dem Sie nachfassen können. Für Restaurants, Salons, Fitnessstudios, Läden und jedes kleine Unternehmen.",
    startTrial: "Kostenlos testen",
    howItWorks: "So funktioniert es",
    step: "Schritt {{number}}",
    steps: {
      create: { title: "QR-Kampagnen erstellen", text: "Beschreiben Sie Ihr Angebot, und die KI schreibt die Überschrift und die Dankesnachricht." },
      capture: { title: "Leads gewinnen", text: "Kunden scannen, landen auf einer schnellen Seite in Ihrem Design und sichern sich Ihr Angebot." },
      track: { title: "Erfolg verfolgen", text: "Sehen Sie in Ihrer Übersicht, wie sich Scans, Leads und Konversionsraten entwickeln." },
      export: {
        title: "Exportieren und verwalten",
        text: "Durchsuchen Sie Ihre Leads und exportieren Sie sie als CSV, wann immer Sie sie brauchen.",
      },
    },
    testimonials: {
      title: "Kleine Unternehmen lieben es",
      sarah: {
        quote: "Wir haben den QR-Code auf jeden Tisch gestellt und im ersten Monat 300 E-Mail-Adressen gesammelt.",
        role: "Inhaberin, Bella Cucina",
      },
      marcus: {
        quote: "Eine Kampagne einzurichten hat fünf Minuten gedauert. Die Überschrift der KI war besser als meine.",
        role: "Geschäftsführer, Iron Peak Gym",
      },
      amelia: {
        quote: "Laufkundschaft trägt sich jetzt in unseren Newsletter ein, ohne dass wir zweimal fragen müssen.",
        role: "Gründerin, Glow Salon & Spa",
      },
      daniel: {
        quote: "Die Übersicht zeigt genau, welche Flyer wirken. Die anderen drucken wir nicht mehr.",
        role: "Inhaber, Kim's Coffee House",
      },
      priya: {
        quote: "Leads in unser E-Mail-Tool zu exportieren ist ein Klick. Allein das spart mir eine Stunde pro Woche.",
        role: "Marketingleiterin, Urban Threads",
      },
      tom: { quote: "Die Kunden lieben das Sofortangebot, und wir lieben die Stammkundschaft, die es bringt.", role: "Inhaber, Walsh Auto Repair" },
    },
  },
  pricing: {
    pageTitle: "Preise · LeadQR",
    pageDescription: "Die Tarife von LeadQR: Starter kostenlos, Professional für {{price}}/Monat, Enterprise auf Anfrage.",
    title: "Einfache, transparente Preise",
    lead: "Starten Sie kostenlos. Upgraden Sie, sobald Ihre QR-Codes für Sie arbeiten.",
    perMonth: "/Monat",
    custom: "Individuell",
    mostPopular: "Am beliebtesten",
    currentPlan: "Aktueller Tarif",
    getStarted: "Jetzt starten",
    startTrial: "Kostenlos testen",
    upgrade: "Auf Pro upgraden",
    loading: "Wird geladen...",
    contactSales: "Vertrieb kontaktieren",
    freeLimits: "Begrenzt auf {{campaigns}} Kampagne und {{scans}} Scans",
    features: {
      oneCampaign: "1 Kampagne",
      fiveScans: "5 Scans",
      aiCopy: "Texte von der KI",
      basicAnalytics: "Grundlegende Auswertungen",
      csvExport: "CSV-Export",
      unlimitedCampaigns: "Unbegrenzte Kampagnen",
      unlimitedScans: "Unbegrenzte QR-Scans",
      advancedAnalytics: "Erweiterte Auswertungen",
      prioritySupport: "Bevorzugter Support",
      customBranding: "Eigenes Branding",
      unlimitedEverything: "Alles unbegrenzt",
      whiteLabel: "White-Label",
      dedicatedSupport: "Persönlicher Support",
      apiAccess: "API-Zugang",
      customIntegrations: "Individuelle Integrationen",
      sla: "SLA-Garantie",
    },
    faq: {
      title: "Häufig gestellte Fragen",
      changePlans: {
        q: "Kann ich den Tarif jederzeit wechseln?",
        a: "Ja. Sie können jederzeit up- oder downgraden, und Änderungen werden anteilig berechnet.",
      },
      cancel: { q: "Was passiert mit meinen Daten, wenn ich kündige?", a: "Ihre Daten bleiben nach der Kündigung 30 Tage lang zugänglich." },
      refunds: { q: "Erstatten Sie Zahlungen?", a: "Ja. Für bezahlte Tarife gilt eine 30-Tage-Geld-zurück-Garantie." },
      setupFee: { q: "Gibt es eine Einrichtungsgebühr?", a: "Nein. In keinem Tarif fällt eine Einrichtungsgebühr an." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blog · LeadQR",
      title: "Der LeadQR-Blog",
      description: "Einblicke, Tipps und Strategien, wie aus QR-Code-Scans Kunden werden.",
      empty: "Noch keine Blogbeiträge",
      emptyHint: "Schauen Sie bald wieder vorbei, für Einblicke und Tipps!",
      readMore: "Weiterlesen",
      readMoreNamed: "Weiterlesen: {{title}}",
      failed: "Die Blogbeiträge konnten nicht geladen werden",
    },
    post: {
      pageTitle: "{{title}} · LeadQR-Blog",
      description: "{{title}}, im LeadQR-Blog.",
      draft: "Entwurf",
      back: "Zurück zum Blog",
      cta: {
        title: "Bereit, zehnmal mehr Leads zu gewinnen?",
        text: "Erstellen Sie Ihre erste QR-Kampagne in wenigen Minuten. Keine Kreditkarte nötig.",
        action: "Kostenlos testen",
      },
      notFound: {
        pageTitle: "Beitrag nicht gefunden · LeadQR",
        title: "Beitrag nicht gefunden",
        message: "Den gesuchten Blogbeitrag gibt es nicht.",
      },
      failed: { title: "Etwas ist schiefgelaufen", message: "Der Blogbeitrag konnte nicht geladen werden. Bitte versuchen Sie es erneut." },
    },
  },
  apiDocs: {
    pageTitle: "API-Dokumentation · LeadQR",
    baseUrl: "Basis-URL <code>{{server}}</code> · Maschinenlesbar: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Authentifizierung, Limits und Fehler",
      createKey: "Erstellen Sie einen Schlüssel unter Einstellungen → Integrationen und senden Sie ihn mit jeder Anfrage:",
      limits:
        "Jeder Schlüssel darf 120 Anfragen pro Minute stellen; jede Antwort enthält <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> und <code>RateLimit-Reset</code>, eine 429 enthält <code>Retry-After</code>, ebenso eine 503, solange der Dienst kurz nicht verfügbar ist. POST-Anfragen akzeptieren einen <code>Idempotency-Key</code>-Header: Eine Wiederholung mit demselben Schlüssel und Inhalt liefert die erste Antwort.",
      errors:
        "Fehler sind <code>application/problem+json</code> (RFC 9457) mit <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> und, bei der Validierung, <code>errors</code>.",
    },
    translations: {
      title: "Übersetzungen der Texte einer Kampagne",
      text: "Die <code>translations</code> einer Kampagne enthalten Überschrift, Angebot, Bedingung und Dankesnachricht des Inhabers in anderen Sprachen, nach Sprachcode; ein Besucher, dessen Seite in dieser Sprache ist, liest sie, und ein ausgelassenes Feld zeigt die eigenen Worte der Kampagne. Senden Sie <code>translations</code> beim Erstellen einer Kampagne oder mit <code>PATCH /campaigns/{id}</code>, um alle zu ersetzen (<code>{}</code> entfernt sie). Es gelten dieselben Regeln wie auf der Seite Sprachen des Inhabers: eine unserer Sprachen außer der eigenen der Kampagne, jedes Feld höchstens so lang wie das eigene Feld der Kampagne. Alles andere ist eine 422, deren <code>errors</code> das Feld nennen, zum Beispiel <code>translations.es.thank_you</code>.",
    },
    endpoints: "Endpunkte",
    required: ", Pflicht",
    body: "Inhalt:",
    objects: "Objekte",
    optional: "(optional)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Ereignisse werden per POST als JSON <code>{{envelope}}</code> gesendet und nach dem Standard-Webhooks-Verfahren signiert: Prüfen Sie <code>webhook-id</code>, <code>webhook-timestamp</code> und <code>webhook-signature</code> mit dem Geheimnis Ihres Endpunkts (zum Beispiel mit der Bibliothek <code>standardwebhooks</code>). Die <code>id</code> bleibt bei Wiederholungen gleich; nutzen Sie sie, um Duplikate zu ignorieren. Antworten Sie innerhalb von 10 Sekunden mit einem beliebigen 2xx; alles andere wird mit wachsenden Abständen über mehr als 24 Stunden wiederholt.",
      lead: "Die Ereignisse <code>lead.*</code> und <code>offer.redeemed</code> enthalten den Lead in <code>data.lead</code> genau so, wie die API ihn liefert (einschließlich seiner <code>language</code>, der Sprache der Seite, die der Besucher genutzt hat), und <code>id</code> und <code>title</code> seiner Kampagne in <code>data.campaign</code>.",
      restHooks:
        "REST-Hooks (Zapier, Make und ähnliche): <code>POST /hooks</code> mit <code>target_url</code> und <code>event</code> abonniert; <code>DELETE /hooks/{id}</code> kündigt das Abo, ebenso die Antwort <code>410 Gone</code> auf eine Zustellung: Der Hook endet sofort und erhält nichts mehr. <code>GET /hooks/sample/{event}</code> liefert eine Beispiel-Nutzlast, die genau wie die Zustellungen aufgebaut ist; <code>GET /me</code> nennt Konto, Unternehmen und Tarif des Schlüssels (ein Verbindungstest). Tools, die stattdessen abfragen, rufen <code>GET /leads?sort=-created_at&limit=…</code> auf und merken sich die IDs, die sie schon gesehen haben.",
    },
  },
} satisfies PublicCatalogue;
