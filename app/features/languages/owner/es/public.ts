// The public pages (landing, pricing, blog) and the API documentation's own words in Spanish ("tú").
// Spread into es/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const esPublic = {
  landing: {
    pageTitle: "LeadQR · Consigue contactos 10 veces más rápido con códigos QR",
    pageDescription: "Crea campañas con códigos QR y ofertas escritas por la IA, capta contactos y sigue cada escaneo.",
    title: "Consigue contactos 10 veces más rápido con códigos QR inteligentes",
    lead: "Imprime un código QR, colócalo donde están tus clientes y convierte cada escaneo en un contacto al que puedes dar seguimiento. Pensado para restaurantes, salones, gimnasios, tiendas y cualquier pequeño negocio.",
    startTrial: "Prueba gratis",
    howItWorks: "Cómo funciona",
    step: "Paso {{number}}",
    steps: {
      create: { title: "Crea campañas QR", text: "Describe tu oferta y deja que la IA escriba el titular y el mensaje de agradecimiento." },
      capture: { title: "Capta contactos", text: "Tus clientes escanean, llegan a una página rápida con tu marca y reclaman tu oferta." },
      track: { title: "Sigue los resultados", text: "Mira cómo se actualizan los escaneos, los contactos y las tasas de conversión en tu panel." },
      export: { title: "Exporta y gestiona", text: "Busca tus contactos y expórtalos como CSV siempre que los necesites." },
    },
    testimonials: {
      title: "Los pequeños negocios lo adoran",
      sarah: { quote: "Pusimos el código QR en cada mesa y reunimos 300 correos en el primer mes.", role: "Propietaria, Bella Cucina" },
      marcus: { quote: "Configurar una campaña me llevó cinco minutos. El titular de la IA era mejor que el mío.", role: "Gerente, Iron Peak Gym" },
      amelia: {
        quote: "Ahora los clientes que entran sin cita se suman a nuestra lista de correo sin que insistamos.",
        role: "Fundadora, Glow Salon & Spa",
      },
      daniel: {
        quote: "El panel muestra exactamente qué folletos funcionan. Dejamos de imprimir los que no.",
        role: "Propietario, Kim's Coffee House",
      },
      priya: {
        quote: "Exportar los contactos a nuestra herramienta de correo es un clic. Solo eso me ahorra una hora a la semana.",
        role: "Responsable de marketing, Urban Threads",
      },
      tom: {
        quote: "A los clientes les encanta la oferta al instante, y a nosotros los clientes que vuelven.",
        role: "Propietario, Walsh Auto Repair",
      },
    },
  },
  pricing: {
    pageTitle: "Precios · LeadQR",
    pageDescription: "Planes de LeadQR: Starter gratis, Professional por {{price}}/mes, Enterprise bajo pedido.",
    title: "Precios simples y transparentes",
    lead: "Empieza gratis. Mejora tu plan cuando tus códigos QR empiecen a trabajar para ti.",
    perMonth: "/mes",
    custom: "A medida",
    mostPopular: "El más popular",
    currentPlan: "Plan actual",
    getStarted: "Empezar",
    startTrial: "Prueba gratis",
    upgrade: "Pasar a Pro",
    loading: "Cargando...",
    contactSales: "Contactar con ventas",
    freeLimits: "Limitado a {{campaigns}} campaña y {{scans}} escaneos",
    features: {
      oneCampaign: "1 campaña",
      fiveScans: "5 escaneos",
      aiCopy: "Textos escritos por la IA",
      basicAnalytics: "Estadísticas básicas",
      csvExport: "Exportación a CSV",
      unlimitedCampaigns: "Campañas ilimitadas",
      unlimitedScans: "Escaneos QR ilimitados",
      advancedAnalytics: "Estadísticas avanzadas",
      prioritySupport: "Soporte prioritario",
      customBranding: "Marca propia",
      unlimitedEverything: "Todo ilimitado",
      whiteLabel: "Marca blanca",
      dedicatedSupport: "Soporte dedicado",
      apiAccess: "Acceso a la API",
      customIntegrations: "Integraciones a medida",
      sla: "Garantía de SLA",
    },
    faq: {
      title: "Preguntas frecuentes",
      changePlans: {
        q: "¿Puedo cambiar de plan cuando quiera?",
        a: "Sí. Puedes mejorar o reducir tu plan en cualquier momento, y los cambios se prorratean.",
      },
      cancel: { q: "¿Qué pasa con mis datos si cancelo?", a: "Tus datos siguen accesibles durante 30 días después de la cancelación." },
      refunds: { q: "¿Hay reembolsos?", a: "Sí. Los planes de pago tienen una garantía de devolución de 30 días." },
      setupFee: { q: "¿Hay una cuota de alta?", a: "No. Ningún plan tiene cuota de alta." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blog · LeadQR",
      title: "El blog de LeadQR",
      description: "Ideas, consejos y estrategias para convertir los escaneos de códigos QR en clientes.",
      empty: "Aún no hay entradas en el blog",
      emptyHint: "¡Vuelve pronto para leer ideas y consejos!",
      readMore: "Leer más",
      readMoreNamed: "Leer más: {{title}}",
      failed: "No se pudieron cargar las entradas del blog",
    },
    post: {
      pageTitle: "{{title}} · Blog de LeadQR",
      description: "{{title}}, en el blog de LeadQR.",
      draft: "Borrador",
      back: "Volver al blog",
      cta: {
        title: "¿Listo para multiplicar por 10 tus contactos?",
        text: "Crea tu primera campaña QR en minutos. Sin tarjeta de crédito.",
        action: "Prueba gratis",
      },
      notFound: {
        pageTitle: "Entrada no encontrada · LeadQR",
        title: "Entrada no encontrada",
        message: "La entrada del blog que buscas no existe.",
      },
      failed: { title: "Algo salió mal", message: "No se pudo cargar la entrada del blog. Inténtalo de nuevo." },
    },
  },
  apiDocs: {
    pageTitle: "Documentación de la API · LeadQR",
    baseUrl: "URL base <code>{{server}}</code> · Legible por máquinas: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Autenticación, límites y errores",
      createKey: "Crea una clave en Ajustes → Integraciones y envíala en cada petición:",
      limits:
        "Cada clave puede hacer 120 peticiones por minuto; cada respuesta lleva <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> y <code>RateLimit-Reset</code>, y un 429 lleva <code>Retry-After</code>, igual que un 503 mientras el servicio no está disponible por un momento. Las peticiones POST aceptan una cabecera <code>Idempotency-Key</code>: un reintento con la misma clave y el mismo cuerpo devuelve la primera respuesta.",
      errors:
        "Los errores son <code>application/problem+json</code> (RFC 9457) con <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> y, en la validación, <code>errors</code>.",
    },
    translations: {
      title: "Traducciones de los textos de una campaña",
      text: "Las <code>translations</code> de una campaña guardan el titular, la oferta, la condición y el mensaje de agradecimiento del propietario en otros idiomas, por código de idioma; un visitante cuya página está en ese idioma los lee, y un campo omitido muestra las palabras propias de la campaña. Envía <code>translations</code> al crear una campaña, o con <code>PATCH /campaigns/{id}</code> para sustituirlas todas (<code>{}</code> las elimina). Siguen las mismas reglas que la página Idiomas del propietario: un idioma que tengamos distinto del de la campaña, cada campo como mucho tan largo como el campo propio de la campaña. Cualquier otra cosa es un 422 cuyos <code>errors</code> nombran el campo, por ejemplo <code>translations.es.thank_you</code>.",
    },
    endpoints: "Puntos de conexión",
    required: ", obligatorio",
    body: "Cuerpo:",
    objects: "Objetos",
    optional: "(opcional)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Los eventos se envían por POST como JSON <code>{{envelope}}</code> y se firman con el esquema Standard Webhooks: verifica <code>webhook-id</code>, <code>webhook-timestamp</code> y <code>webhook-signature</code> con el secreto de tu endpoint (por ejemplo con la biblioteca <code>standardwebhooks</code>). El <code>id</code> no cambia entre reintentos, así que úsalo para ignorar duplicados. Responde con cualquier 2xx en 10 segundos; cualquier otra respuesta se reintenta con esperas cada vez mayores durante más de 24 horas.",
      lead: "Los eventos <code>lead.*</code> y <code>offer.redeemed</code> llevan el contacto en <code>data.lead</code> tal como lo devuelve la API (incluido su <code>language</code>, el idioma de la página que usó el visitante) y el <code>id</code> y el <code>title</code> de su campaña en <code>data.campaign</code>.",
      restHooks:
        "REST hooks (Zapier, Make y similares): <code>POST /hooks</code> con <code>target_url</code> y <code>event</code> suscribe; <code>DELETE /hooks/{id}</code> cancela la suscripción, igual que responder a un envío con <code>410 Gone</code>: el hook se detiene al instante y no recibe nada más. <code>GET /hooks/sample/{event}</code> devuelve un ejemplo de carga útil construido exactamente como los envíos; <code>GET /me</code> indica la cuenta, el negocio y el plan de la clave (una prueba de conexión). Las herramientas que consultan periódicamente llaman a <code>GET /leads?sort=-created_at&limit=…</code> y guardan los ids que ya han visto.",
    },
  },
} satisfies PublicCatalogue;
