import type { Messages } from "./en";

// Portuguese (Portugal), in the polite form without "você" that shops in Portugal use; Brazilian
// visitors read it without trouble.
const pt: Messages = {
  capture: {
    form: {
      label: "Obtenha a sua oferta",
      name: "Nome completo *",
      email: "Endereço de e-mail *",
      phone: "Número de telefone",
      submit: "Quero a minha oferta",
      submitting: "A enviar...",
      honeypot: "Deixe este campo vazio",
      invitation: "Indique o seu nome e e-mail para receber o seu código. Mostre-o ao balcão para usufruir desta oferta.",
      consentRequiredNote: "Para obter esta oferta, é obrigatório assinalar a caixa.",
      privacy: "Privacidade",
      logoAlt: "Logótipo de {{business}}",
      language: "Idioma",
    },
    consent: {
      notice: "Ao enviar este formulário, aceita receber comunicações de marketing da nossa parte. Pode cancelar a subscrição a qualquer momento.",
      checkbox: "Aceito receber e-mails de marketing de {{business}}. Posso retirar o meu consentimento a qualquer momento.",
      doubleOptInHint: "Vamos enviar-lhe um link por e-mail para confirmar. Não receberá nada até confirmar.",
      required: "Assinale a caixa para obter esta oferta.",
    },
    validation: {
      nameRequired: "Introduza o seu nome completo",
      nameTooLong: "O nome pode ter no máximo {{max}} caracteres",
      emailRequired: "Introduza o seu endereço de e-mail",
      emailInvalid: "Introduza um endereço de e-mail válido",
      phoneTooLong: "O número de telefone pode ter no máximo {{max}} caracteres",
      phoneInvalid: "Introduza um número de telefone válido",
    },
    errors: {
      invalidCampaign: "Erro de envio: identificador de campanha inválido",
      notLoaded: "Erro de envio: não foi possível carregar os dados da campanha",
      inactive: "Erro de envio: esta campanha já não está ativa",
      failed: "Erro de envio: não foi possível enviar os seus dados. Tente novamente.",
      expired: "Erro de envio: falha ao enviar: esta página expirou. Recarregue-a e tente novamente.",
      rateLimited: "Erro de envio: demasiadas tentativas. Aguarde um momento e tente novamente.",
      networkBusy:
        "Erro de envio: falha ao enviar: muitas pessoas na sua rede acabaram de resgatar esta oferta. Tente novamente dentro de {{minutes}} min ou peça ajuda à equipa.",
      shortLinkRefused: "Foram abertos demasiados links inexistentes a partir da sua rede. Aguarde alguns minutos e tente novamente.",
      shortLinkRefusedOnSubmit:
        "Erro de envio: foram abertos demasiados links inexistentes a partir da sua rede. Aguarde alguns minutos e tente novamente.",
      waitTitle: "Aguarde um momento",
      unexpectedTitle: "Algo correu mal",
      unexpectedBody: "Não foi possível carregar esta oferta neste momento. Tente novamente daqui a pouco.",
      plainFailed: "Algo correu mal. Tente novamente.",
    },
    busy: {
      title: "Um momento…",
      body: "Esta oferta está com muita procura neste momento. Vamos tentar novamente dentro de alguns segundos.",
      retry: "Tentar novamente agora",
    },
    notFound: {
      pageTitle: "Campanha não encontrada",
      title: "Erro ao carregar a campanha: campanha não encontrada",
      body: "O código QR que digitalizou não é válido ou já expirou.",
      box: "Campanha não encontrada ou inativa",
    },
    limit: {
      title: "Limite de leituras atingido!",
      body: "Esta campanha atingiu o limite de leituras gratuitas.",
      current: "Leituras atuais:",
      upgradeFor: "Passe para o Pro e tenha:",
      benefitScans: "Leituras de códigos QR ilimitadas",
      benefitCampaigns: "Campanhas ilimitadas",
      benefitAnalytics: "Estatísticas avançadas",
      benefitBranding: "Imagem de marca própria",
      benefitSupport: "Apoio prioritário",
      upgrade: "Passar para o Pro – {{price}}/mês",
    },
    thanks: {
      title: "Obrigado!",
      updates: "Fique atento ao seu e-mail: vai receber ofertas exclusivas e novidades de <strong>{{business}}</strong>",
      checkEmail: "Consulte a sua caixa de entrada e confirme o seu endereço de e-mail.",
      alreadyClaimed: "Esta oferta já foi obtida com este endereço de e-mail.",
      alreadyClaimedSent: "Esta oferta já foi obtida com este endereço de e-mail. Enviámos o código para esse endereço.",
      codeSent: "O seu código de oferta está no e-mail que lhe enviámos.",
      codeNotSent: "De momento não foi possível enviar-lhe o código por e-mail. Tente novamente mais tarde.",
    },
    claim: {
      show: "Mostre isto ao balcão",
      qrLabel: "Código QR do seu código de oferta",
      validUntil: "Válido até {{date}}",
      noExpiry: "Sem prazo de validade",
    },
  },
  visitor: {
    privacy: {
      title: "Privacidade",
      collects:
        "<strong>{{business}}</strong> recolhe o nome, o endereço de e-mail e (se o indicar) o número de telefone que introduz nesta página, para lhe dar a oferta e, se tiver aceitado, enviar-lhe e-mails de marketing.",
      records:
        "Quando envia o formulário, registamos também o que aceitou, quando, o seu endereço IP e o seu navegador, para que {{business}} possa demonstrar que deu o seu acordo.",
      cookie:
        "Para contar quantas pessoas abrem esta oferta, esta página guarda um cookie, <code>{{cookie}}</code>, com um número aleatório e nada sobre si. Permite que uma segunda visita a partir do mesmo navegador seja contada uma só vez e impede que programas simulem visitantes. Dura {{days}} dias, só é enviado de volta a este site e nunca é partilhado nem usado para o seguir noutros sites. Com cada visita é guardado um código derivado dele, que muda todos os dias. Quando obtém a oferta, outro código derivado dele é guardado com os seus dados, para que este navegador lhe volte a mostrar o seu código de oferta quando regressar.",
      noCookie:
        "Esta página não guarda nenhum cookie. Para contar quantas pessoas abrem esta oferta, uma visita é reconhecida por um código derivado do seu endereço IP e do seu navegador, que muda todos os dias; nenhum dos dois é guardado.",
      languageCookie:
        "Se escolher um idioma com o globo no topo da página, um segundo cookie, <code>{{cookie}}</code>, memoriza essa escolha e nada mais.",
      processor:
        "A LeadQR gere esta página e guarda estes dados em nome de {{business}}, como subcontratante. Os seus dados não são vendidos nem partilhados com mais ninguém.",
      processorUnbranded:
        "O serviço que gere esta página guarda estes dados em nome de {{business}}, como subcontratante. Os seus dados não são vendidos nem partilhados com mais ninguém.",
      rights:
        "Pode retirar o seu consentimento a qualquer momento através do link em qualquer e-mail que receba, e pode pedir a {{business}} uma cópia dos seus dados ou o seu apagamento.",
      errorBody: "Tente novamente daqui a pouco.",
    },
    confirm: {
      pageTitle: "Confirme o seu consentimento",
      doneTitle: "Obrigado, está confirmado",
      doneBody: "O seu consentimento está confirmado. Pode retirá-lo a qualquer momento através do link no e-mail.",
      invalidTitle: "Este link já não funciona",
      invalidBody:
        "Já foi usado, expirou (os links funcionam durante {{days}} dias) ou o consentimento foi retirado. Não precisa de fazer mais nada.",
      askTitle: "Confirme o seu consentimento",
      askBody: "Carregue no botão para confirmar que quer receber e-mails de marketing.",
      button: "Confirmar",
    },
    withdraw: {
      pageTitle: "Retire o seu consentimento",
      doneTitle: "Consentimento retirado",
      doneBody: "Deixará de receber e-mails de marketing deste negócio através da LeadQR.",
      doneBodyUnbranded: "Não voltará a receber emails de marketing desta empresa.",
      invalidTitle: "Este link não funciona",
      invalidBody: "Pode ter sido copiado de forma incompleta, ou os dados já foram apagados.",
      askTitle: "Retire o seu consentimento",
      askBody: "Carregue no botão e deixará de receber e-mails de marketing deste negócio.",
      button: "Retirar consentimento",
    },
  },
  email: {
    confirmation: {
      subject: "Confirme, por favor: e-mails de {{business}}",
      intro: "Pediu para receber e-mails de marketing de {{business}}. Aceitou o seguinte:",
      confirmLink: "Confirmar o meu consentimento",
      confirmLinkNote: "(este link funciona uma única vez, durante {{days}} dias).",
      confirmText: "Confirmar o meu consentimento (funciona uma única vez, durante {{days}} dias): {{url}}",
      notYou: "Se não foi o próprio, ignore este e-mail: não voltará a receber e-mails nossos.",
      withdrawLink: "Retirar o meu consentimento",
    },
    offerCode: {
      subject: "O seu código de oferta de {{business}}",
      claimedIntro: "Obrigado por obter a oferta de {{business}}. Aqui está o seu código:",
      claimedOutro: "Se não pediu esta oferta, ignore este e-mail.",
      againIntro: "Alguém voltou a pedir a oferta de {{business}} com este endereço de e-mail. Aqui está o código que já lhe pertence:",
      againOutro: "Se não foi o próprio, ignore este e-mail: não será enviado mais nada.",
      codeTitle: "O seu código de oferta",
    },
    footer: {
      sentBy: "Enviado pela LeadQR em nome de {{business}}.",
      sentFor: "Enviado em nome de {{business}}.",
    },
  },
  print: {
    cta: "Digitalize para obter esta oferta",
  },
};

export default pt;
