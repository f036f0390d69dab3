// The public pages (landing, pricing, blog) and the API documentation's own words in French ("vous").
// Spread into fr/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const frPublic = {
  landing: {
    pageTitle: "LeadQR · Générez des prospects 10 fois plus vite avec des codes QR",
    pageDescription: "Créez des campagnes de codes QR avec des offres rédigées par l'IA, captez des prospects et suivez chaque scan.",
    title: "Générez des prospects 10 fois plus vite avec des codes QR intelligents",
    lead: "Imprimez un code QR, placez-le là où sont vos clients et transformez chaque scan en un prospect à relancer. Conçu pour les restaurants, les salons, les salles de sport, les boutiques et toutes les petites entreprises.",
    startTrial: "Essai gratuit",
    howItWorks: "Comment ça marche",
    step: "Étape {{number}}",
    steps: {
      create: { title: "Créez des campagnes QR", text: "Décrivez votre offre et laissez l'IA rédiger le titre et le message de remerciement." },
      capture: {
        title: "Captez des prospects",
        text: "Vos clients scannent, arrivent sur une page rapide à votre image et profitent de votre offre.",
      },
      track: { title: "Suivez vos résultats", text: "Voyez les scans, les prospects et les taux de conversion évoluer dans votre tableau de bord." },
      export: { title: "Exportez et gérez", text: "Recherchez vos prospects et exportez-les en CSV dès que vous en avez besoin." },
    },
    testimonials: {
      title: "Adopté par les petites entreprises",
      sarah: { quote: "Nous avons mis le code QR sur chaque table et recueilli 300 e-mails le premier mois.", role: "Propriétaire, Bella Cucina" },
      marcus: { quote: "Créer une campagne m'a pris cinq minutes. Le titre de l'IA était meilleur que le mien.", role: "Gérant, Iron Peak Gym" },
      amelia: {
        quote: "Nos clients de passage s'inscrivent désormais à notre liste de diffusion sans qu'on ait à insister.",
        role: "Fondatrice, Glow Salon & Spa",
      },
      daniel: {
        quote: "Le tableau de bord montre exactement quels flyers fonctionnent. Nous n'imprimons plus les autres.",
        role: "Propriétaire, Kim's Coffee House",
      },
      priya: {
        quote: "Exporter les prospects vers notre outil d'e-mailing se fait en un clic. Rien que ça me fait gagner une heure par semaine.",
        role: "Responsable marketing, Urban Threads",
      },
      tom: {
        quote: "Les clients adorent l'offre immédiate, et nous adorons les clients fidèles qu'elle nous amène.",
        role: "Propriétaire, Walsh Auto Repair",
      },
    },
  },
  pricing: {
    pageTitle: "Tarifs · LeadQR",
    pageDescription: "Les formules LeadQR : Starter gratuite, Professional à {{price}}/mois, Enterprise sur demande.",
    title: "Des tarifs simples et transparents",
    lead: "Commencez gratuitement. Passez à la formule supérieure quand vos codes QR commencent à travailler pour vous.",
    perMonth: "/mois",
    custom: "Sur mesure",
    mostPopular: "La plus choisie",
    currentPlan: "Formule actuelle",
    getStarted: "Commencer",
    startTrial: "Essai gratuit",
    upgrade: "Passer à Pro",
    loading: "Chargement...",
    contactSales: "Contacter les ventes",
    freeLimits: "Limitée à {{campaigns}} campagne et {{scans}} scans",
    features: {
      oneCampaign: "1 campagne",
      fiveScans: "Jusqu'à 5 scans",
      aiCopy: "Textes rédigés par l'IA",
      basicAnalytics: "Statistiques de base",
      csvExport: "Export CSV",
      unlimitedCampaigns: "Campagnes illimitées",
      unlimitedScans: "Scans QR illimités",
      advancedAnalytics: "Statistiques avancées",
      prioritySupport: "Support prioritaire",
      customBranding: "Votre propre image de marque",
      unlimitedEverything: "Tout en illimité",
      whiteLabel: "Marque blanche",
      dedicatedSupport: "Support dédié",
      apiAccess: "Accès à l'API",
      customIntegrations: "Intégrations sur mesure",
      sla: "SLA garanti",
    },
    faq: {
      title: "Questions fréquentes",
      changePlans: {
        q: "Puis-je changer de formule à tout moment ?",
        a: "Oui. Vous pouvez monter ou descendre de formule à tout moment, et les changements sont calculés au prorata.",
      },
      cancel: { q: "Que deviennent mes données si je résilie ?", a: "Vos données restent accessibles pendant 30 jours après la résiliation." },
      refunds: { q: "Proposez-vous des remboursements ?", a: "Oui. Les formules payantes sont satisfaites ou remboursées pendant 30 jours." },
      setupFee: { q: "Y a-t-il des frais de mise en service ?", a: "Non. Aucune formule n'a de frais de mise en service." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blog · LeadQR",
      title: "Le blog LeadQR",
      description: "Idées, conseils et stratégies pour transformer les scans de codes QR en clients.",
      empty: "Pas encore d'articles",
      emptyHint: "Revenez bientôt pour des idées et des conseils !",
      readMore: "Lire la suite",
      readMoreNamed: "Lire la suite : {{title}}",
      failed: "Impossible de charger les articles du blog",
    },
    post: {
      pageTitle: "{{title}} · Blog LeadQR",
      description: "{{title}}, sur le blog LeadQR.",
      draft: "Brouillon",
      back: "Retour au blog",
      cta: {
        title: "Prêt à multiplier vos prospects par 10 ?",
        text: "Créez votre première campagne QR en quelques minutes. Sans carte bancaire.",
        action: "Essai gratuit",
      },
      notFound: {
        pageTitle: "Article introuvable · LeadQR",
        title: "Article introuvable",
        message: "L'article que vous cherchez n'existe pas.",
      },
      failed: { title: "Un problème est survenu", message: "L'article n'a pas pu être chargé. Veuillez réessayer." },
    },
  },
  apiDocs: {
    pageTitle: "Documentation de l'API · LeadQR",
    baseUrl: "URL de base <code>{{server}}</code> · Lisible par machine : <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Authentification, limites et erreurs",
      createKey: "Créez une clé dans Paramètres → Intégrations et envoyez-la avec chaque requête :",
      limits:
        "Chaque clé peut faire 120 requêtes par minute ; chaque réponse porte <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> et <code>RateLimit-Reset</code>, et une 429 porte <code>Retry-After</code>, tout comme une 503 pendant une brève indisponibilité du service. Les requêtes POST acceptent un en-tête <code>Idempotency-Key</code> : une nouvelle tentative avec la même clé et le même corps renvoie la première réponse.",
      errors:
        "Les erreurs sont en <code>application/problem+json</code> (RFC 9457) avec <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> et, pour la validation, <code>errors</code>.",
    },
    translations: {
      title: "Traductions des textes d'une campagne",
      text: "Les <code>translations</code> d'une campagne contiennent le titre, l'offre, la condition et le message de remerciement du propriétaire dans d'autres langues, par code de langue ; un visiteur dont la page est dans cette langue les lit, et un champ omis affiche les mots propres de la campagne. Envoyez <code>translations</code> à la création d'une campagne, ou avec <code>PATCH /campaigns/{id}</code> pour toutes les remplacer (<code>{}</code> les supprime). Elles suivent les mêmes règles que la page Langues du propriétaire : une langue que nous proposons autre que celle de la campagne, chaque champ au plus aussi long que le champ propre de la campagne. Tout le reste est une 422 dont les <code>errors</code> nomment le champ, par exemple <code>translations.es.thank_you</code>.",
    },
    endpoints: "Points de terminaison",
    required: ", obligatoire",
    body: "Corps :",
    objects: "Objets",
    optional: "(facultatif)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Les événements sont envoyés par POST en JSON <code>{{envelope}}</code> et signés selon le schéma Standard Webhooks : vérifiez <code>webhook-id</code>, <code>webhook-timestamp</code> et <code>webhook-signature</code> avec le secret de votre endpoint (par exemple avec la bibliothèque <code>standardwebhooks</code>). L'<code>id</code> reste le même d'une tentative à l'autre : utilisez-le pour ignorer les doublons. Répondez par n'importe quel 2xx en moins de 10 secondes ; toute autre réponse est retentée avec des délais croissants pendant plus de 24 heures.",
      lead: "Les événements <code>lead.*</code> et <code>offer.redeemed</code> portent le prospect dans <code>data.lead</code> exactement comme l'API le renvoie (y compris sa <code>language</code>, la langue de la page utilisée par le visiteur) ainsi que l'<code>id</code> et le <code>title</code> de sa campagne dans <code>data.campaign</code>.",
      restHooks:
        "REST hooks (Zapier, Make et similaires) : <code>POST /hooks</code> avec <code>target_url</code> et <code>event</code> abonne ; <code>DELETE /hooks/{id}</code> désabonne, tout comme répondre à un envoi par <code>410 Gone</code> : le hook s'arrête aussitôt et ne reçoit plus rien. <code>GET /hooks/sample/{event}</code> renvoie un exemple de contenu construit exactement comme les envois ; <code>GET /me</code> indique le compte, l'entreprise et la formule de la clé (un test de connexion). Les outils qui interrogent à intervalles réguliers appellent <code>GET /leads?sort=-created_at&limit=…</code> et gardent les ids déjà vus.",
    },
  },
} satisfies PublicCatalogue;
