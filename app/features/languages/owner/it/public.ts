// The public pages (landing, pricing, blog) and the API documentation's own words in Italian ("tu").
// Spread into it/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const itPublic = {
  landing: {
    pageTitle: "LeadQR · Contatti 10 volte più in fretta con i codici QR",
    pageDescription: "Crea campagne con codici QR e offerte scritte dall'IA, raccogli contatti e segui ogni scansione.",
    title: "Contatti 10 volte più in fretta con i codici QR intelligenti",
    lead: "Stampa un codice QR, mettilo dove sono i tuoi clienti e trasforma ogni scansione in un contatto da ricontattare. Pensato per ristoranti, saloni, palestre, negozi e ogni piccola attività.",
    startTrial: "Prova gratis",
    howItWorks: "Come funziona",
    step: "Passo {{number}}",
    steps: {
      create: { title: "Crea campagne QR", text: "Descrivi la tua offerta e lascia che l'IA scriva il titolo e il messaggio di ringraziamento." },
      capture: {
        title: "Raccogli contatti",
        text: "I clienti scansionano, arrivano su una pagina veloce con il tuo marchio e ottengono la tua offerta.",
      },
      track: { title: "Segui i risultati", text: "Guarda scansioni, contatti e tassi di conversione aggiornarsi nella tua bacheca." },
      export: { title: "Esporta e gestisci", text: "Cerca i tuoi contatti ed esportali in CSV ogni volta che ti servono." },
    },
    testimonials: {
      title: "Amato dalle piccole attività",
      sarah: { quote: "Abbiamo messo il codice QR su ogni tavolo e raccolto 300 email nel primo mese.", role: "Titolare, Bella Cucina" },
      marcus: {
        quote: "Creare una campagna ha richiesto cinque minuti. Il titolo dell'IA era migliore del mio.",
        role: "Responsabile, Iron Peak Gym",
      },
      amelia: {
        quote: "I clienti di passaggio ora si iscrivono alla nostra mailing list senza che dobbiamo chiederlo due volte.",
        role: "Fondatrice, Glow Salon & Spa",
      },
      daniel: {
        quote: "La bacheca mostra esattamente quali volantini funzionano. Abbiamo smesso di stampare gli altri.",
        role: "Titolare, Kim's Coffee House",
      },
      priya: {
        quote: "Esportare i contatti nel nostro strumento email è un clic. Solo questo mi fa risparmiare un'ora a settimana.",
        role: "Responsabile marketing, Urban Threads",
      },
      tom: {
        quote: "I clienti adorano l'offerta immediata, e noi adoriamo i clienti che tornano grazie a lei.",
        role: "Titolare, Walsh Auto Repair",
      },
    },
  },
  pricing: {
    pageTitle: "Prezzi · LeadQR",
    pageDescription: "I piani di LeadQR: Starter gratis, Professional a {{price}}/mese, Enterprise su richiesta.",
    title: "Prezzi semplici e trasparenti",
    lead: "Inizia gratis. Passa a un piano superiore quando i tuoi codici QR iniziano a lavorare per te.",
    perMonth: "/mese",
    custom: "Su misura",
    mostPopular: "Il più scelto",
    currentPlan: "Piano attuale",
    getStarted: "Inizia",
    startTrial: "Prova gratis",
    upgrade: "Passa a Pro",
    loading: "Caricamento...",
    contactSales: "Contatta le vendite",
    freeLimits: "Limitato a {{campaigns}} campagna e {{scans}} scansioni",
    features: {
      oneCampaign: "1 campagna",
      fiveScans: "5 scansioni",
      aiCopy: "Testi scritti dall'IA",
      basicAnalytics: "Statistiche di base",
      csvExport: "Esportazione CSV",
      unlimitedCampaigns: "Campagne illimitate",
      unlimitedScans: "Scansioni QR illimitate",
      advancedAnalytics: "Statistiche avanzate",
      prioritySupport: "Assistenza prioritaria",
      customBranding: "Il tuo marchio",
      unlimitedEverything: "Tutto illimitato",
      whiteLabel: "White label",
      dedicatedSupport: "Assistenza dedicata",
      apiAccess: "Accesso all'API",
      customIntegrations: "Integrazioni su misura",
      sla: "SLA garantito",
    },
    faq: {
      title: "Domande frequenti",
      changePlans: {
        q: "Posso cambiare piano quando voglio?",
        a: "Sì. Puoi passare a un piano superiore o inferiore in qualsiasi momento, e le modifiche sono calcolate pro rata.",
      },
      cancel: { q: "Che fine fanno i miei dati se disdico?", a: "I tuoi dati restano accessibili per 30 giorni dopo la disdetta." },
      refunds: { q: "Sono previsti rimborsi?", a: "Sì. I piani a pagamento hanno la garanzia soddisfatti o rimborsati di 30 giorni." },
      setupFee: { q: "C'è un costo di attivazione?", a: "No. Nessun piano ha un costo di attivazione." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blog · LeadQR",
      title: "Il blog di LeadQR",
      description: "Idee, consigli e strategie per trasformare le scansioni dei codici QR in clienti.",
      empty: "Ancora nessun articolo",
      emptyHint: "Torna presto per idee e consigli!",
      readMore: "Leggi tutto",
      readMoreNamed: "Leggi tutto: {{title}}",
      failed: "Impossibile caricare gli articoli del blog",
    },
    post: {
      pageTitle: "{{title}} · Blog di LeadQR",
      description: "{{title}}, sul blog di LeadQR.",
      draft: "Bozza",
      back: "Torna al blog",
      cta: {
        title: "Pronto a moltiplicare per 10 i tuoi contatti?",
        text: "Crea la tua prima campagna QR in pochi minuti. Nessuna carta di credito richiesta.",
        action: "Prova gratis",
      },
      notFound: {
        pageTitle: "Articolo non trovato · LeadQR",
        title: "Articolo non trovato",
        message: "L'articolo che cerchi non esiste.",
      },
      failed: { title: "Qualcosa è andato storto", message: "Impossibile caricare l'articolo. Riprova." },
    },
  },
  apiDocs: {
    pageTitle: "Documentazione dell'API · LeadQR",
    baseUrl: "URL di base <code>{{server}}</code> · Leggibile dalle macchine: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Autenticazione, limiti ed errori",
      createKey: "Crea una chiave in Impostazioni → Integrazioni e inviala con ogni richiesta:",
      limits:
        "Ogni chiave può fare 120 richieste al minuto; ogni risposta riporta <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> e <code>RateLimit-Reset</code>, e un 429 riporta <code>Retry-After</code>, come un 503 mentre il servizio è brevemente non disponibile. Le richieste POST accettano un'intestazione <code>Idempotency-Key</code>: un nuovo tentativo con la stessa chiave e lo stesso corpo restituisce la prima risposta.",
      errors:
        "Gli errori sono <code>application/problem+json</code> (RFC 9457) con <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> e, per la validazione, <code>errors</code>.",
    },
    translations: {
      title: "Traduzioni dei testi di una campagna",
      text: "Le <code>translations</code> di una campagna contengono titolo, offerta, condizione e messaggio di ringraziamento del titolare in altre lingue, per codice di lingua; un visitatore la cui pagina è in quella lingua li legge, e un campo omesso mostra le parole della campagna stessa. Invia <code>translations</code> quando crei una campagna, o con <code>PATCH /campaigns/{id}</code> per sostituirle tutte (<code>{}</code> le rimuove). Seguono le stesse regole della pagina Lingue del titolare: una lingua che abbiamo diversa da quella della campagna, ogni campo lungo al massimo quanto il campo della campagna stessa. Qualsiasi altra cosa è un 422 i cui <code>errors</code> indicano il campo, per esempio <code>translations.es.thank_you</code>.",
    },
    endpoints: "Endpoint",
    required: ", obbligatorio",
    body: "Corpo:",
    objects: "Oggetti",
    optional: "(facoltativo)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Gli eventi sono inviati via POST come JSON <code>{{envelope}}</code> e firmati secondo lo schema Standard Webhooks: verifica <code>webhook-id</code>, <code>webhook-timestamp</code> e <code>webhook-signature</code> con il segreto del tuo endpoint (per esempio con la libreria <code>standardwebhooks</code>). L'<code>id</code> resta lo stesso tra un tentativo e l'altro, quindi usalo per ignorare i duplicati. Rispondi con un qualsiasi 2xx entro 10 secondi; ogni altra risposta viene ritentata a intervalli crescenti per più di 24 ore.",
      lead: "Gli eventi <code>lead.*</code> e <code>offer.redeemed</code> portano il contatto in <code>data.lead</code> esattamente come lo restituisce l'API (compresa la sua <code>language</code>, la lingua della pagina usata dal visitatore) e l'<code>id</code> e il <code>title</code> della sua campagna in <code>data.campaign</code>.",
      restHooks:
        "REST hook (Zapier, Make e simili): <code>POST /hooks</code> con <code>target_url</code> ed <code>event</code> iscrive; <code>DELETE /hooks/{id}</code> annulla l'iscrizione, come rispondere a una consegna con <code>410 Gone</code>: l'hook si ferma subito e non riceve più nulla. <code>GET /hooks/sample/{event}</code> restituisce un esempio di contenuto costruito esattamente come le consegne; <code>GET /me</code> indica account, attività e piano della chiave (una prova di connessione). Gli strumenti che interrogano periodicamente chiamano <code>GET /leads?sort=-created_at&limit=…</code> e tengono gli id che hanno già visto.",
    },
  },
} satisfies PublicCatalogue;
