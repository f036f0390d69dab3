// The public pages (landing, pricing, blog) and the API documentation's own words in Dutch ("je").
// Spread into nl/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const nlPublic = {
  landing: {
    pageTitle: "LeadQR · 10x sneller leads met QR-codes",
    pageDescription: "Maak QR-campagnes met aanbiedingen die de AI schrijft, verzamel leads en volg elke scan.",
    title: "10x sneller leads met slimme QR-codes",
    lead: "Print een QR-code, hang hem op waar je klanten zijn en maak van elke scan een lead die je kunt opvolgen. Gemaakt voor restaurants, salons, sportscholen, winkels en elk klein bedrijf.",
    startTrial: "Gratis proberen",
    howItWorks: "Zo werkt het",
    step: "Stap {{number}}",
    steps: {
      create: { title: "Maak QR-campagnes", text: "Beschrijf je aanbieding en laat de AI de kop en het bedankbericht schrijven." },
      capture: { title: "Verzamel leads", text: "Klanten scannen, komen op een snelle pagina in jouw huisstijl en claimen je aanbieding." },
      track: { title: "Volg je resultaten", text: "Zie scans, leads en conversieratio's bijwerken in je overzicht." },
      export: { title: "Exporteer en beheer", text: "Doorzoek je leads en exporteer ze als CSV wanneer je ze nodig hebt." },
    },
    testimonials: {
      title: "Geliefd bij kleine bedrijven",
      sarah: { quote: "We zetten de QR-code op elke tafel en verzamelden in de eerste maand 300 e-mailadressen.", role: "Eigenaar, Bella Cucina" },
      marcus: { quote: "Een campagne opzetten kostte vijf minuten. De kop van de AI was beter dan de mijne.", role: "Bedrijfsleider, Iron Peak Gym" },
      amelia: {
        quote: "Inloopklanten schrijven zich nu in voor onze mailinglijst zonder dat we het twee keer hoeven te vragen.",
        role: "Oprichter, Glow Salon & Spa",
      },
      daniel: {
        quote: "Het overzicht laat precies zien welke flyers werken. De rest drukken we niet meer.",
        role: "Eigenaar, Kim's Coffee House",
      },
      priya: {
        quote: "Leads exporteren naar onze e-mailtool is één klik. Dat alleen scheelt me een uur per week.",
        role: "Marketingmanager, Urban Threads",
      },
      tom: { quote: "Klanten zijn dol op de directe aanbieding, en wij op de vaste klanten die het oplevert.", role: "Eigenaar, Walsh Auto Repair" },
    },
  },
  pricing: {
    pageTitle: "Prijzen · LeadQR",
    pageDescription: "De abonnementen van LeadQR: Starter gratis, Professional voor {{price}}/maand, Enterprise op aanvraag.",
    title: "Eenvoudige, duidelijke prijzen",
    lead: "Begin gratis. Upgrade zodra je QR-codes voor je gaan werken.",
    perMonth: "/maand",
    custom: "Op maat",
    mostPopular: "Meest gekozen",
    currentPlan: "Huidig abonnement",
    getStarted: "Aan de slag",
    startTrial: "Gratis proberen",
    upgrade: "Upgraden naar Pro",
    loading: "Laden...",
    contactSales: "Neem contact op met sales",
    freeLimits: "Beperkt tot {{campaigns}} campagne en {{scans}} scans",
    features: {
      oneCampaign: "1 campagne",
      fiveScans: "Tot 5 scans",
      aiCopy: "Teksten van de AI",
      basicAnalytics: "Basisstatistieken",
      csvExport: "CSV-export",
      unlimitedCampaigns: "Onbeperkt campagnes",
      unlimitedScans: "Onbeperkt QR-scans",
      advancedAnalytics: "Uitgebreide statistieken",
      prioritySupport: "Ondersteuning met voorrang",
      customBranding: "Eigen huisstijl",
      unlimitedEverything: "Alles onbeperkt",
      whiteLabel: "White label",
      dedicatedSupport: "Persoonlijke ondersteuning",
      apiAccess: "API-toegang",
      customIntegrations: "Koppelingen op maat",
      sla: "SLA-garantie",
    },
    faq: {
      title: "Veelgestelde vragen",
      changePlans: {
        q: "Kan ik altijd van abonnement wisselen?",
        a: "Ja. Je kunt op elk moment upgraden of downgraden, en wijzigingen worden naar rato verrekend.",
      },
      cancel: { q: "Wat gebeurt er met mijn gegevens als ik opzeg?", a: "Je gegevens blijven na het opzeggen 30 dagen toegankelijk." },
      refunds: { q: "Krijg ik mijn geld terug?", a: "Ja. Betaalde abonnementen hebben een geld-terug-garantie van 30 dagen." },
      setupFee: { q: "Zijn er opstartkosten?", a: "Nee. Geen enkel abonnement heeft opstartkosten." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blog · LeadQR",
      title: "De LeadQR-blog",
      description: "Inzichten, tips en strategieën om QR-scans om te zetten in klanten.",
      empty: "Nog geen blogberichten",
      emptyHint: "Kom snel terug voor inzichten en tips!",
      readMore: "Lees meer",
      readMoreNamed: "Lees meer: {{title}}",
      failed: "De blogberichten konden niet worden geladen",
    },
    post: {
      pageTitle: "{{title}} · LeadQR-blog",
      description: "{{title}}, op de LeadQR-blog.",
      draft: "Concept",
      back: "Terug naar de blog",
      cta: {
        title: "Klaar om 10x meer leads te krijgen?",
        text: "Maak je eerste QR-campagne in een paar minuten. Geen creditcard nodig.",
        action: "Gratis proberen",
      },
      notFound: {
        pageTitle: "Bericht niet gevonden · LeadQR",
        title: "Bericht niet gevonden",
        message: "Het blogbericht dat je zoekt bestaat niet.",
      },
      failed: { title: "Er ging iets mis", message: "Het blogbericht kon niet worden geladen. Probeer het opnieuw." },
    },
  },
  apiDocs: {
    pageTitle: "API-documentatie · LeadQR",
    baseUrl: "Basis-URL <code>{{server}}</code> · Machineleesbaar: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Authenticatie, limieten en fouten",
      createKey: "Maak een sleutel aan onder Instellingen → Koppelingen en stuur hem mee met elk verzoek:",
      limits:
        "Elke sleutel mag 120 verzoeken per minuut doen; elk antwoord bevat <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> en <code>RateLimit-Reset</code>, en een 429 bevat <code>Retry-After</code>, net als een 503 zolang de dienst even niet beschikbaar is. POST-verzoeken accepteren een <code>Idempotency-Key</code>-header: een nieuwe poging met dezelfde sleutel en inhoud geeft het eerste antwoord terug.",
      errors:
        "Fouten zijn <code>application/problem+json</code> (RFC 9457) met <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> en, bij validatie, <code>errors</code>.",
    },
    translations: {
      title: "Vertalingen van de teksten van een campagne",
      text: "De <code>translations</code> van een campagne bevatten de kop, de aanbieding, de voorwaarde en het bedankbericht van de eigenaar in andere talen, per taalcode; een bezoeker van wie de pagina in die taal is leest ze, en een weggelaten veld toont de eigen woorden van de campagne. Stuur <code>translations</code> mee bij het aanmaken van een campagne, of met <code>PATCH /campaigns/{id}</code> om ze allemaal te vervangen (<code>{}</code> verwijdert ze). Ze volgen dezelfde regels als de pagina Talen van de eigenaar: een taal die we hebben, anders dan die van de campagne, elk veld hoogstens zo lang als het eigen veld van de campagne. Al het andere is een 422 waarvan de <code>errors</code> het veld noemen, bijvoorbeeld <code>translations.es.thank_you</code>.",
    },
    endpoints: "Eindpunten",
    required: ", verplicht",
    body: "Inhoud:",
    objects: "Objecten",
    optional: "(optioneel)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Gebeurtenissen worden met POST als JSON <code>{{envelope}}</code> verstuurd en ondertekend volgens het Standard Webhooks-schema: controleer <code>webhook-id</code>, <code>webhook-timestamp</code> en <code>webhook-signature</code> met het geheim van je endpoint (bijvoorbeeld met de bibliotheek <code>standardwebhooks</code>). De <code>id</code> blijft gelijk bij nieuwe pogingen, dus gebruik hem om dubbele berichten te negeren. Antwoord binnen 10 seconden met een willekeurige 2xx; al het andere wordt met steeds langere tussenpozen meer dan 24 uur opnieuw geprobeerd.",
      lead: "De gebeurtenissen <code>lead.*</code> en <code>offer.redeemed</code> bevatten de lead in <code>data.lead</code> precies zoals de API hem teruggeeft (inclusief zijn <code>language</code>, de taal van de pagina die de bezoeker gebruikte) en de <code>id</code> en <code>title</code> van zijn campagne in <code>data.campaign</code>.",
      restHooks:
        "REST-hooks (Zapier, Make en vergelijkbaar): <code>POST /hooks</code> met <code>target_url</code> en <code>event</code> abonneert; <code>DELETE /hooks/{id}</code> zegt het abonnement op, en dat doet ook een antwoord <code>410 Gone</code> op een levering: de hook stopt meteen en ontvangt niets meer. <code>GET /hooks/sample/{event}</code> geeft een voorbeeldbericht terug dat precies zo is opgebouwd als de leveringen; <code>GET /me</code> noemt het account, het bedrijf en het abonnement van de sleutel (een verbindingstest). Tools die in plaats daarvan periodiek opvragen, roepen <code>GET /leads?sort=-created_at&limit=…</code> aan en onthouden de ids die ze al hebben gezien.",
    },
  },
} satisfies PublicCatalogue;
