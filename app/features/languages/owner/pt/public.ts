// The public pages (landing, pricing, blog) and the API documentation's own words in European
// Portuguese (without "você"). Spread into pt/index.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const ptPublic = {
  landing: {
    pageTitle: "LeadQR · Contactos 10 vezes mais depressa com códigos QR",
    pageDescription: "Crie campanhas de códigos QR com ofertas escritas pela IA, recolha contactos e acompanhe cada leitura.",
    title: "Contactos 10 vezes mais depressa com códigos QR inteligentes",
    lead: "Imprima um código QR, coloque-o onde estão os seus clientes e transforme cada leitura num contacto a quem pode dar seguimento. Feito para restaurantes, salões, ginásios, lojas e qualquer pequeno negócio.",
    startTrial: "Experimentar grátis",
    howItWorks: "Como funciona",
    step: "Passo {{number}}",
    steps: {
      create: { title: "Crie campanhas QR", text: "Descreva a sua oferta e deixe a IA escrever o título e a mensagem de agradecimento." },
      capture: { title: "Recolha contactos", text: "Os clientes leem o código, chegam a uma página rápida com a sua marca e obtêm a oferta." },
      track: { title: "Acompanhe os resultados", text: "Veja as leituras, os contactos e as taxas de conversão a atualizar no seu painel." },
      export: { title: "Exporte e gira", text: "Pesquise os seus contactos e exporte-os em CSV sempre que precisar." },
    },
    testimonials: {
      title: "Os pequenos negócios adoram",
      sarah: { quote: "Pusemos o código QR em todas as mesas e recolhemos 300 e-mails no primeiro mês.", role: "Proprietária, Bella Cucina" },
      marcus: { quote: "Criar uma campanha levou cinco minutos. O título da IA era melhor do que o meu.", role: "Gerente, Iron Peak Gym" },
      amelia: {
        quote: "Os clientes que entram sem marcação juntam-se agora à nossa lista de e-mail sem termos de pedir duas vezes.",
        role: "Fundadora, Glow Salon & Spa",
      },
      daniel: {
        quote: "O painel mostra exatamente que folhetos resultam. Deixámos de imprimir os que não resultam.",
        role: "Proprietário, Kim's Coffee House",
      },
      priya: {
        quote: "Exportar os contactos para a nossa ferramenta de e-mail é um clique. Só isso poupa-me uma hora por semana.",
        role: "Responsável de marketing, Urban Threads",
      },
      tom: {
        quote: "Os clientes adoram a oferta imediata, e nós adoramos os clientes que voltam por causa dela.",
        role: "Proprietário, Walsh Auto Repair",
      },
    },
  },
  pricing: {
    pageTitle: "Preços · LeadQR",
    pageDescription: "Planos LeadQR: Starter grátis, Professional a {{price}}/mês, Enterprise mediante pedido.",
    title: "Preços simples e transparentes",
    lead: "Comece grátis. Mude de plano quando os seus códigos QR começarem a trabalhar para si.",
    perMonth: "/mês",
    custom: "Personalizado",
    mostPopular: "O mais escolhido",
    currentPlan: "Plano atual",
    getStarted: "Começar",
    startTrial: "Experimentar grátis",
    upgrade: "Mudar para Pro",
    loading: "A carregar...",
    contactSales: "Falar com vendas",
    freeLimits: "Limitado a {{campaigns}} campanha e {{scans}} leituras",
    features: {
      oneCampaign: "1 campanha",
      fiveScans: "5 leituras",
      aiCopy: "Textos escritos pela IA",
      basicAnalytics: "Estatísticas básicas",
      csvExport: "Exportação em CSV",
      unlimitedCampaigns: "Campanhas ilimitadas",
      unlimitedScans: "Leituras QR ilimitadas",
      advancedAnalytics: "Estatísticas avançadas",
      prioritySupport: "Suporte prioritário",
      customBranding: "Marca própria",
      unlimitedEverything: "Tudo ilimitado",
      whiteLabel: "Marca branca",
      dedicatedSupport: "Suporte dedicado",
      apiAccess: "Acesso à API",
      customIntegrations: "Integrações à medida",
      sla: "Garantia de SLA",
    },
    faq: {
      title: "Perguntas frequentes",
      changePlans: {
        q: "Posso mudar de plano a qualquer momento?",
        a: "Sim. Pode subir ou descer de plano a qualquer momento, e as alterações são calculadas proporcionalmente.",
      },
      cancel: { q: "O que acontece aos meus dados se cancelar?", a: "Os seus dados continuam acessíveis durante 30 dias após o cancelamento." },
      refunds: { q: "Há reembolsos?", a: "Sim. Os planos pagos têm garantia de devolução do dinheiro durante 30 dias." },
      setupFee: { q: "Há uma taxa de adesão?", a: "Não. Nenhum plano tem taxa de adesão." },
    },
  },
  blog: {
    list: {
      pageTitle: "Blogue · LeadQR",
      title: "O blogue LeadQR",
      description: "Ideias, dicas e estratégias para transformar leituras de códigos QR em clientes.",
      empty: "Ainda não há artigos no blogue",
      emptyHint: "Volte em breve para ler ideias e dicas!",
      readMore: "Ler mais",
      readMoreNamed: "Ler mais: {{title}}",
      failed: "Não foi possível carregar os artigos do blogue",
    },
    post: {
      pageTitle: "{{title}} · Blogue LeadQR",
      description: "{{title}}, no blogue LeadQR.",
      draft: "Rascunho",
      back: "Voltar ao blogue",
      cta: {
        title: "Pronto para multiplicar por 10 os seus contactos?",
        text: "Crie a sua primeira campanha QR em minutos. Sem cartão de crédito.",
        action: "Experimentar grátis",
      },
      notFound: {
        pageTitle: "Artigo não encontrado · LeadQR",
        title: "Artigo não encontrado",
        message: "O artigo do blogue que procura não existe.",
      },
      failed: { title: "Algo correu mal", message: "Não foi possível carregar o artigo do blogue. Tente novamente." },
    },
  },
  apiDocs: {
    pageTitle: "Documentação da API · LeadQR",
    baseUrl: "URL base <code>{{server}}</code> · Legível por máquinas: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "Autenticação, limites e erros",
      createKey: "Crie uma chave em Definições → Integrações e envie-a em cada pedido:",
      limits:
        "Cada chave pode fazer 120 pedidos por minuto; cada resposta traz <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> e <code>RateLimit-Reset</code>, e um 429 traz <code>Retry-After</code>, tal como um 503 enquanto o serviço está brevemente indisponível. Os pedidos POST aceitam um cabeçalho <code>Idempotency-Key</code>: uma nova tentativa com a mesma chave e o mesmo corpo devolve a primeira resposta.",
      errors:
        "Os erros são <code>application/problem+json</code> (RFC 9457) com <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code> e, na validação, <code>errors</code>.",
    },
    translations: {
      title: "Traduções dos textos de uma campanha",
      text: "As <code>translations</code> de uma campanha guardam o título, a oferta, a condição e a mensagem de agradecimento do proprietário noutros idiomas, por código de idioma; um visitante cuja página está nesse idioma lê-as, e um campo omitido mostra as palavras da própria campanha. Envie <code>translations</code> ao criar uma campanha, ou com <code>PATCH /campaigns/{id}</code> para as substituir todas (<code>{}</code> remove-as). Seguem as mesmas regras da página Idiomas do proprietário: um idioma que tenhamos, diferente do da campanha, cada campo no máximo tão longo como o campo da própria campanha. Tudo o resto é um 422 cujos <code>errors</code> indicam o campo, por exemplo <code>translations.es.thank_you</code>.",
    },
    endpoints: "Pontos de acesso",
    required: ", obrigatório",
    body: "Corpo:",
    objects: "Objetos",
    optional: "(opcional)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "Os eventos são enviados por POST em JSON <code>{{envelope}}</code> e assinados segundo o esquema Standard Webhooks: verifique <code>webhook-id</code>, <code>webhook-timestamp</code> e <code>webhook-signature</code> com o segredo do seu endpoint (por exemplo com a biblioteca <code>standardwebhooks</code>). O <code>id</code> mantém-se entre tentativas, por isso use-o para ignorar duplicados. Responda com qualquer 2xx em 10 segundos; qualquer outra resposta é repetida com intervalos crescentes durante mais de 24 horas.",
      lead: "Os eventos <code>lead.*</code> e <code>offer.redeemed</code> trazem o contacto em <code>data.lead</code> exatamente como a API o devolve (incluindo o seu <code>language</code>, o idioma da página que o visitante usou) e o <code>id</code> e o <code>title</code> da sua campanha em <code>data.campaign</code>.",
      restHooks:
        "REST hooks (Zapier, Make e semelhantes): <code>POST /hooks</code> com <code>target_url</code> e <code>event</code> subscreve; <code>DELETE /hooks/{id}</code> cancela a subscrição, tal como responder a uma entrega com <code>410 Gone</code>: o hook para de imediato e não recebe mais nada. <code>GET /hooks/sample/{event}</code> devolve um exemplo de conteúdo construído exatamente como as entregas; <code>GET /me</code> indica a conta, o negócio e o plano da chave (um teste de ligação). As ferramentas que consultam periodicamente chamam <code>GET /leads?sort=-created_at&limit=…</code> e guardam os ids que já viram.",
    },
  },
} satisfies PublicCatalogue;
