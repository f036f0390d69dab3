// The public pages (landing, pricing, blog) and the API documentation's own words in Arabic.
// Spread into ar/index.ts. Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { PublicCatalogue } from "../public-words";

export const arPublic = {
  landing: {
    pageTitle: "LeadQR · عملاء محتملون أسرع بعشر مرات مع رموز QR",
    pageDescription: "أنشئ حملات رموز QR بعروض يكتبها الذكاء الاصطناعي، واجمع العملاء المحتملين وتابع كل عملية مسح.",
    title: "اجمع العملاء المحتملين أسرع بعشر مرات مع رموز QR الذكية",
    lead: "اطبع رمز QR، وضعه حيث يوجد عملاؤك، وحوّل كل عملية مسح إلى عميل محتمل يمكنك متابعته. مصمم للمطاعم والصالونات والنوادي الرياضية والمتاجر وكل الأعمال الصغيرة.",
    startTrial: "ابدأ تجربة مجانية",
    howItWorks: "كيف يعمل",
    step: "الخطوة {{number}}",
    steps: {
      create: { title: "أنشئ حملات QR", text: "صف عرضك ودع الذكاء الاصطناعي يكتب العنوان ورسالة الشكر." },
      capture: { title: "اجمع العملاء المحتملين", text: "يمسح العملاء الرمز، فيصلون إلى صفحة سريعة بعلامتك التجارية ويحصلون على عرضك." },
      track: { title: "تابع الأداء", text: "شاهد عمليات المسح والعملاء المحتملين ومعدلات التحويل تتحدث في لوحة التحكم." },
      export: { title: "صدّر وأدِر", text: "ابحث في عملائك المحتملين وصدّرهم بصيغة CSV متى احتجت إليهم." },
    },
    testimonials: {
      title: "تحبه الأعمال الصغيرة",
      sarah: { quote: "وضعنا رمز QR على كل طاولة وجمعنا 300 بريد إلكتروني في الشهر الأول.", role: "مالكة، Bella Cucina" },
      marcus: { quote: "استغرق إعداد الحملة خمس دقائق. وكان عنوان الذكاء الاصطناعي أفضل من عنواني.", role: "مدير، Iron Peak Gym" },
      amelia: { quote: "صار الزبائن العابرون ينضمون إلى قائمتنا البريدية دون أن نسألهم مرتين.", role: "مؤسِّسة، Glow Salon & Spa" },
      daniel: {
        quote: "تُظهر لوحة التحكم بالضبط أي المنشورات تنجح. توقفنا عن طباعة ما لا ينجح منها.",
        role: "مالك، Kim's Coffee House",
      },
      priya: {
        quote: "تصدير العملاء المحتملين إلى أداة البريد لدينا نقرة واحدة. وهذا وحده يوفر لي ساعة كل أسبوع.",
        role: "مسؤولة التسويق، Urban Threads",
      },
      tom: { quote: "يحب الزبائن العرض الفوري، ونحن نحب الزبائن الدائمين الذين يجلبهم.", role: "مالك، Walsh Auto Repair" },
    },
  },
  pricing: {
    pageTitle: "الأسعار · LeadQR",
    pageDescription: "خطط LeadQR: Starter مجانًا، وProfessional بسعر {{price}}/شهريًا، وEnterprise عند الطلب.",
    title: "أسعار بسيطة وواضحة",
    lead: "ابدأ مجانًا. رقِّ خطتك عندما تبدأ رموز QR بالعمل لصالحك.",
    perMonth: "/شهريًا",
    custom: "حسب الطلب",
    mostPopular: "الأكثر اختيارًا",
    currentPlan: "الخطة الحالية",
    getStarted: "ابدأ الآن",
    startTrial: "ابدأ تجربة مجانية",
    upgrade: "الترقية إلى Pro",
    loading: "جارٍ التحميل...",
    contactSales: "تواصل مع المبيعات",
    freeLimits: "يقتصر على {{campaigns}} حملة و{{scans}} عمليات مسح",
    features: {
      oneCampaign: "حملة واحدة",
      fiveScans: "5 عمليات مسح",
      aiCopy: "نصوص يكتبها الذكاء الاصطناعي",
      basicAnalytics: "إحصاءات أساسية",
      csvExport: "تصدير CSV",
      unlimitedCampaigns: "حملات غير محدودة",
      unlimitedScans: "عمليات مسح QR غير محدودة",
      advancedAnalytics: "إحصاءات متقدمة",
      prioritySupport: "دعم ذو أولوية",
      customBranding: "علامتك التجارية الخاصة",
      unlimitedEverything: "كل شيء بلا حدود",
      whiteLabel: "علامة بيضاء",
      dedicatedSupport: "دعم مخصص",
      apiAccess: "الوصول إلى API",
      customIntegrations: "تكاملات مخصصة",
      sla: "ضمان مستوى الخدمة (SLA)",
    },
    faq: {
      title: "الأسئلة الشائعة",
      changePlans: {
        q: "هل يمكنني تغيير خطتي في أي وقت؟",
        a: "نعم. يمكنك الترقية أو الانتقال إلى خطة أدنى في أي وقت، وتُحتسب التغييرات بالتناسب.",
      },
      cancel: { q: "ماذا يحدث لبياناتي إذا ألغيت الاشتراك؟", a: "تبقى بياناتك متاحة لمدة 30 يومًا بعد الإلغاء." },
      refunds: { q: "هل تستردون المبالغ؟", a: "نعم. تأتي الخطط المدفوعة مع ضمان استرداد الأموال لمدة 30 يومًا." },
      setupFee: { q: "هل هناك رسوم إعداد؟", a: "لا. لا توجد رسوم إعداد في أي خطة." },
    },
  },
  blog: {
    list: {
      pageTitle: "المدونة · LeadQR",
      title: "مدونة LeadQR",
      description: "أفكار ونصائح واستراتيجيات لتحويل عمليات مسح رموز QR إلى زبائن.",
      empty: "لا توجد مقالات بعد",
      emptyHint: "عد قريبًا لقراءة الأفكار والنصائح!",
      readMore: "اقرأ المزيد",
      readMoreNamed: "اقرأ المزيد: {{title}}",
      failed: "تعذر تحميل مقالات المدونة",
    },
    post: {
      pageTitle: "{{title}} · مدونة LeadQR",
      description: "{{title}}، على مدونة LeadQR.",
      draft: "مسودة",
      back: "العودة إلى المدونة",
      cta: {
        title: "هل أنت مستعد لمضاعفة عملائك المحتملين عشر مرات؟",
        text: "أنشئ أول حملة QR لك في دقائق. لا حاجة إلى بطاقة ائتمان.",
        action: "ابدأ تجربة مجانية",
      },
      notFound: {
        pageTitle: "المقالة غير موجودة · LeadQR",
        title: "المقالة غير موجودة",
        message: "مقالة المدونة التي تبحث عنها غير موجودة.",
      },
      failed: { title: "حدث خطأ ما", message: "تعذر تحميل مقالة المدونة. يرجى المحاولة مرة أخرى." },
    },
  },
  apiDocs: {
    pageTitle: "توثيق API · LeadQR",
    baseUrl: "عنوان URL الأساسي <code>{{server}}</code> · بصيغة يقرؤها الحاسوب: <spec>openapi.json</spec> (OpenAPI 3.1)",
    auth: {
      title: "المصادقة والحدود والأخطاء",
      createKey: "أنشئ مفتاحًا من الإعدادات ← التكاملات وأرسله مع كل طلب:",
      limits:
        "يمكن لكل مفتاح إرسال 120 طلبًا في الدقيقة؛ وكل إجابة تحمل <code>RateLimit-Limit</code> و<code>RateLimit-Remaining</code> و<code>RateLimit-Reset</code>، والرمز 429 يحمل <code>Retry-After</code>، وكذلك الرمز 503 ما دامت الخدمة غير متاحة لفترة قصيرة. تقبل طلبات POST ترويسة <code>Idempotency-Key</code>: إعادة المحاولة بالمفتاح نفسه والمحتوى نفسه تعيد الإجابة الأولى.",
      errors:
        "الأخطاء بصيغة <code>application/problem+json</code> (RFC 9457) مع <code>type</code> و<code>title</code> و<code>status</code> و<code>detail</code>، وفي أخطاء التحقق <code>errors</code>.",
    },
    translations: {
      title: "ترجمات نصوص الحملة",
      text: "تحمل <code>translations</code> الخاصة بالحملة عنوان المالك وعرضه وشرطه ورسالة الشكر بلغات أخرى، مفهرسة برمز اللغة؛ ويقرؤها الزائر الذي تكون صفحته بتلك اللغة، والحقل المحذوف يعرض كلمات الحملة نفسها. أرسل <code>translations</code> عند إنشاء حملة، أو مع <code>PATCH /campaigns/{id}</code> لاستبدالها كلها (<code>{}</code> يحذفها). وتتبع القواعد نفسها التي تتبعها صفحة اللغات لدى المالك: لغة متوفرة لدينا غير لغة الحملة، وكل حقل لا يتجاوز طول حقل الحملة نفسه. وأي شيء آخر يعيد 422 تسمّي <code>errors</code> فيه الحقل، مثل <code>translations.es.thank_you</code>.",
    },
    endpoints: "نقاط النهاية",
    required: "، مطلوب",
    body: "المحتوى:",
    objects: "الكائنات",
    optional: "(اختياري)",
    webhooks: {
      title: "Webhooks",
      envelope:
        "تُرسل الأحداث عبر POST بصيغة JSON <code>{{envelope}}</code> وتُوقَّع وفق مخطط Standard Webhooks: تحقق من <code>webhook-id</code> و<code>webhook-timestamp</code> و<code>webhook-signature</code> باستخدام سر نقطة النهاية لديك (مثلًا بمكتبة <code>standardwebhooks</code>). يبقى <code>id</code> نفسه عبر إعادات المحاولة، فاستخدمه لتجاهل التكرارات. أجب بأي رمز 2xx خلال 10 ثوانٍ؛ وأي إجابة أخرى تُعاد محاولتها بفواصل متزايدة لأكثر من 24 ساعة.",
      lead: "تحمل الأحداث <code>lead.*</code> و<code>offer.redeemed</code> العميل المحتمل في <code>data.lead</code> تمامًا كما تعيده API (بما في ذلك <code>language</code>، لغة الصفحة التي استخدمها الزائر)، و<code>id</code> و<code>title</code> حملته في <code>data.campaign</code>.",
      restHooks:
        "خطافات REST (Zapier وMake وما شابههما): <code>POST /hooks</code> مع <code>target_url</code> و<code>event</code> يشترك؛ و<code>DELETE /hooks/{id}</code> يلغي الاشتراك، وكذلك الرد على أي تسليم بـ <code>410 Gone</code>: يتوقف الخطاف فورًا ولا يستلم شيئًا بعد ذلك. يعيد <code>GET /hooks/sample/{event}</code> نموذجًا للحمولة مبنيًا تمامًا كما تُبنى التسليمات؛ ويذكر <code>GET /me</code> حساب المفتاح ونشاطه التجاري وخطته (اختبار للاتصال). أما الأدوات التي تستطلع بدلًا من ذلك فتستدعي <code>GET /leads?sort=-created_at&limit=…</code> وتحتفظ بالمعرّفات التي رأتها.",
    },
  },
} satisfies PublicCatalogue;
