// The owner's shared screen parts in European Portuguese (without "você"): the demo dialog, the
// live preview, code validity and consent fields, the integrations' parts and the placements.
// Spread into pt/index.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const ptParts = {
  demo: {
    watch: "Ver a demonstração",
    title: "O que os clientes veem",
    lead: "Uma campanha de exemplo de {{business}}: a página que um cliente abre ao ler o código impresso, e o que vê depois de obter a oferta.",
    afterScanning: "1. Depois de ler o código",
    afterClaiming: "2. Depois de obter a oferta",
    claimedSample: "Oferta obtida (exemplo)",
    claimed: "Oferta obtida",
    yourCode: "O código: <strong>{{code}}</strong>",
    showAtCounter: "Basta mostrá-lo ao balcão.",
  },
  livePreview: {
    label: "Pré-visualização em direto",
    previewIn: "Pré-visualizar em",
    headlinePlaceholder: "O título aparece aqui",
    businessPlaceholder: "O seu negócio",
    claimGroup: "Obter a oferta (pré-visualização)",
    claim: "Quero a minha oferta",
  },
  offerRule: {
    legend: "Validade do código",
    hint: "Cada visitante recebe um código para mostrar ao balcão. Durante quanto tempo pode ser resgatado?",
    noExpiry: "Sem validade",
    validUntil: "Válido até",
    lastDay: "Último dia de validade",
    validFor: "Válido durante",
    daysLabel: "Dias depois de obter a oferta",
    daysAfter: "dias depois de obter a oferta",
  },
  consentField: {
    legend: "Consentimento de marketing",
    modes: { notice: "Só aviso", checkbox: "Caixa", double_opt_in: "Dupla confirmação" },
    byDefault: " (predefinido)",
    help: {
      notice: "Os visitantes veem uma frase curta por baixo do botão. É simples, mas não prova que alguém aceitou receber emails de marketing.",
      checkbox:
        "Os visitantes veem uma caixa por assinalar para os emails de marketing, separada da obtenção da oferta. Cada contacto regista se foi assinalada.",
      double_opt_in:
        "Como Caixa, e depois enviamos ao visitante uma ligação para confirmar (o esperado na Alemanha). Só os contactos confirmados podem receber emails.",
    },
    offerRequires: "A oferta exige consentimento (só Caixa e Dupla confirmação)",
    offerRequiresHelp:
      "Só quem assinalar a caixa recebe a oferta. Na UE o consentimento tem de ser livre: associar-lhe uma oferta pode torná-lo inválido, por isso é melhor deixar isto desligado em caso de dúvida.",
  },
  integrationsUi: {
    upgradeTitle: "As integrações são uma funcionalidade Pro",
    upgradeText: "Cada novo contacto segue para o CRM ou a folha de cálculo com webhooks assinados, e os dados ficam disponíveis pela API REST.",
    upgrade: "Mudar para Pro",
    copyNow: "Copie agora: não voltará a ser mostrado.",
    endpointStatus: { active: "Ativo", paused: "Em pausa", unsubscribed: "Cancelado" },
  },
  placements: {
    title: "Locais de afixação",
    intro:
      "Uma campanha pode ser impressa para vários sítios: cada local de afixação tem o próprio código QR, para se ver qual exemplar traz pessoas.",
    addForm: "Adicionar um local de afixação",
    name: "Nome do local de afixação",
    namePlaceholder: "p. ex. Cartaz na montra",
    location: "Loja",
    noLocation: "Sem loja",
    adding: "A adicionar...",
    add: "Adicionar local",
    atLimit: "Esta campanha já tem o número máximo de locais de afixação ({{limit}}).",
    compared: "Locais de afixação comparados",
    caption: "Leituras, leituras únicas, contactos e conversão por local de afixação no período escolhido",
    columns: { placement: "Local de afixação", scans: "Leituras", unique: "Únicas", leads: "Contactos", conversion: "Conversão", actions: "Ações" },
    none: "Sem local de afixação (código da campanha ou ligação partilhada)",
    at: "em {{location}}",
    note: "A conversão é a parte dos visitantes únicos que se tornaram contactos.",
    downloadPng: "Transferir PNG de {{name}}",
    downloadSvg: "Transferir SVG de {{name}}",
    printNamed: "Imprimir {{name}}",
    print: "Imprimir",
    editNamed: "Editar {{name}}",
    edit: "Editar",
    renameNamed: "Mudar o nome de {{name}}",
    rename: "Mudar o nome",
    newName: "Novo nome para {{name}}",
    locationOf: "Loja de {{name}}",
    save: "Guardar",
    deleteNamed: "Eliminar {{name}}",
    delete: "Eliminar",
    deleteQuestion:
      "Eliminar «{{name}}»? O código QR deixa de atribuir leituras; as leituras e os contactos anteriores ficam nos totais da campanha.",
    deleteConfirm: "Sim, eliminar «{{name}}»",
    refused: {
      nameTaken: "Esta campanha já tem um local de afixação com esse nome",
      limit: "Uma campanha pode ter no máximo {{limit}} locais de afixação",
      locationNotFound: "Loja não encontrada",
      unknownAction: "Ação desconhecida",
    },
  },
};
