import type { Messages } from "./en";

// Spanish (Spain): the visitor is addressed as "tú", as shops in Spain usually do.
const es: Messages = {
  capture: {
    form: {
      label: "Consigue tu oferta",
      name: "Nombre completo *",
      email: "Correo electrónico *",
      phone: "Teléfono",
      submit: "Quiero mi oferta",
      submitting: "Enviando...",
      honeypot: "Deja este campo vacío",
      invitation: "Déjanos tu nombre y tu correo para recibir tu código. Enséñalo en el mostrador para canjear esta oferta.",
      consentRequiredNote: "Para conseguir esta oferta tienes que marcar la casilla.",
      privacy: "Privacidad",
      logoAlt: "Logotipo de {{business}}",
      language: "Idioma",
    },
    consent: {
      notice: "Al enviar este formulario, aceptas recibir comunicaciones comerciales de nuestra parte. Puedes darte de baja en cualquier momento.",
      checkbox: "Acepto recibir correos comerciales de {{business}}. Puedo retirar mi consentimiento en cualquier momento.",
      doubleOptInHint: "Te enviaremos un enlace por correo para confirmarlo. No recibirás nada hasta que lo confirmes.",
      required: "Marca la casilla para conseguir esta oferta.",
    },
    validation: {
      nameRequired: "Escribe tu nombre completo",
      nameTooLong: "El nombre puede tener como máximo {{max}} caracteres",
      emailRequired: "Escribe tu correo electrónico",
      emailInvalid: "Escribe un correo electrónico válido",
      phoneTooLong: "El teléfono puede tener como máximo {{max}} caracteres",
      phoneInvalid: "Escribe un número de teléfono válido",
    },
    errors: {
      invalidCampaign: "Error de envío: el identificador de la campaña no es válido",
      notLoaded: "Error de envío: no se han podido cargar los datos de la campaña",
      inactive: "Error de envío: esta campaña ya no está activa",
      failed: "Error de envío: no hemos podido enviar tus datos. Inténtalo de nuevo.",
      expired: "Error de envío: no se pudo enviar: esta página ha caducado. Vuelve a cargarla e inténtalo de nuevo.",
      rateLimited: "Error de envío: demasiados intentos. Espera un momento y vuelve a intentarlo.",
      networkBusy:
        "Error de envío: no se pudo enviar: muchas personas de tu red acaban de solicitar esta oferta. Vuelve a intentarlo en {{minutes}} min o pide ayuda al personal.",
      shortLinkRefused: "Desde tu red se han abierto demasiados enlaces que no existen. Espera unos minutos y vuelve a intentarlo.",
      shortLinkRefusedOnSubmit:
        "Error de envío: desde tu red se han abierto demasiados enlaces que no existen. Espera unos minutos y vuelve a intentarlo.",
      waitTitle: "Espera un momento",
      unexpectedTitle: "Algo ha salido mal",
      unexpectedBody: "Ahora mismo no podemos cargar esta oferta. Vuelve a intentarlo dentro de un momento.",
      plainFailed: "Algo ha fallado. Vuelve a intentarlo.",
    },
    busy: {
      title: "Un momento…",
      body: "Esta oferta tiene mucho éxito ahora mismo. Lo volveremos a intentar en unos segundos.",
      retry: "Reintentar ahora",
    },
    notFound: {
      pageTitle: "Campaña no encontrada",
      title: "Error al cargar la campaña: campaña no encontrada",
      body: "El código QR que has escaneado no es válido o ha caducado.",
      box: "La campaña no existe o no está activa",
    },
    limit: {
      title: "¡Se ha alcanzado el límite de escaneos!",
      body: "Esta campaña ha alcanzado su límite de escaneos gratuitos.",
      current: "Escaneos actuales:",
      upgradeFor: "Pásate a Pro y consigue:",
      benefitScans: "Escaneos de códigos QR ilimitados",
      benefitCampaigns: "Campañas ilimitadas",
      benefitAnalytics: "Estadísticas avanzadas",
      benefitBranding: "Tu propia imagen de marca",
      benefitSupport: "Soporte prioritario",
      upgrade: "Pásate a Pro: {{price}}/mes",
    },
    thanks: {
      title: "¡Gracias!",
      updates: "Estate atento a tu correo: recibirás ofertas exclusivas y novedades de <strong>{{business}}</strong>",
      checkEmail: "Revisa tu bandeja de entrada y confirma tu dirección de correo.",
      alreadyClaimed: "Esta oferta ya se consiguió con esta dirección de correo.",
      alreadyClaimedSent: "Esta oferta ya se consiguió con esta dirección de correo. Te hemos enviado el código a esa dirección.",
      codeSent: "Tu código de oferta está en el correo que te hemos enviado.",
      codeNotSent: "Ahora mismo no hemos podido enviarte el código por correo. Vuelve a intentarlo más tarde.",
    },
    claim: {
      show: "Enséñalo en el mostrador",
      qrLabel: "Código QR de tu código de oferta",
      validUntil: "Válido hasta el {{date}}",
      noExpiry: "Sin fecha de caducidad",
    },
  },
  visitor: {
    privacy: {
      title: "Privacidad",
      collects:
        "<strong>{{business}}</strong> recoge el nombre, la dirección de correo y (si lo indicas) el teléfono que escribes en esta página para darte la oferta y, si lo has aceptado, enviarte correos comerciales.",
      records:
        "Cuando envías el formulario también registramos qué aceptaste, cuándo, tu dirección IP y tu navegador, para que {{business}} pueda demostrar que lo aceptaste.",
      cookie:
        "Para contar cuántas personas abren esta oferta, esta página guarda una cookie, <code>{{cookie}}</code>, que contiene un número aleatorio y nada sobre ti. Sirve para que una segunda visita desde el mismo navegador se cuente una sola vez y para que ningún programa pueda simular visitas. Dura {{days}} días, solo se envía a este sitio y nunca se comparte ni se usa para seguirte en otros sitios. Con cada visita se guarda un código derivado de ella que cambia cada día. Cuando consigues la oferta, se guarda con tus datos otro código derivado de ella, para que este navegador te vuelva a mostrar tu código de oferta cuando vuelvas.",
      noCookie:
        "Esta página no guarda ninguna cookie. Para contar cuántas personas abren esta oferta, una visita se reconoce por un código derivado de tu dirección IP y tu navegador que cambia cada día; no se guarda ninguno de los dos.",
      languageCookie:
        "Si eliges un idioma con el globo de la parte superior de la página, una segunda cookie, <code>{{cookie}}</code>, recuerda esa elección y nada más.",
      processor:
        "LeadQR gestiona esta página y guarda estos datos en nombre de {{business}}, como encargado del tratamiento. Tus datos no se venden ni se comparten con nadie más.",
      processorUnbranded:
        "El servicio que gestiona esta página guarda estos datos en nombre de {{business}}, como encargado del tratamiento. Tus datos no se venden ni se comparten con nadie más.",
      rights:
        "Puedes retirar tu consentimiento en cualquier momento con el enlace que aparece en cualquier correo que recibas, y puedes pedir a {{business}} una copia de tus datos o que los borre.",
      errorBody: "Vuelve a intentarlo dentro de un momento.",
    },
    confirm: {
      pageTitle: "Confirma tu consentimiento",
      doneTitle: "Gracias, ya está confirmado",
      doneBody: "Tu consentimiento está confirmado. Puedes retirarlo en cualquier momento con el enlace del correo.",
      invalidTitle: "Este enlace ya no funciona",
      invalidBody:
        "Ya se usó, ha caducado (los enlaces funcionan durante {{days}} días) o se retiró el consentimiento. No tienes que hacer nada más.",
      askTitle: "Confirma tu consentimiento",
      askBody: "Pulsa el botón para confirmar que quieres recibir correos comerciales.",
      button: "Confirmar",
    },
    withdraw: {
      pageTitle: "Retira tu consentimiento",
      doneTitle: "Consentimiento retirado",
      doneBody: "Ya no recibirás correos comerciales de este negocio a través de LeadQR.",
      doneBodyUnbranded: "Ya no recibirás correos de marketing de esta empresa.",
      invalidTitle: "Este enlace no funciona",
      invalidBody: "Puede que no se copiara entero o que los datos ya se hayan borrado.",
      askTitle: "Retira tu consentimiento",
      askBody: "Pulsa el botón y no recibirás más correos comerciales de este negocio.",
      button: "Retirar el consentimiento",
    },
  },
  email: {
    confirmation: {
      subject: "Confírmalo: correos de {{business}}",
      intro: "Has pedido recibir correos comerciales de {{business}}. Aceptaste lo siguiente:",
      confirmLink: "Confirmar mi consentimiento",
      confirmLinkNote: "(este enlace funciona una sola vez, durante {{days}} días).",
      confirmText: "Confirmar mi consentimiento (funciona una sola vez, durante {{days}} días): {{url}}",
      notYou: "Si no has sido tú, ignora este correo: no volverás a recibir ninguno.",
      withdrawLink: "Retirar mi consentimiento",
    },
    offerCode: {
      subject: "Tu código de oferta de {{business}}",
      claimedIntro: "Gracias por conseguir la oferta de {{business}}. Este es tu código:",
      claimedOutro: "Si no has pedido esta oferta, ignora este correo.",
      againIntro: "Alguien ha vuelto a pedir la oferta de {{business}} con esta dirección de correo. Este es el código que ya tiene:",
      againOutro: "Si no has sido tú, ignora este correo: no se enviará nada más.",
      codeTitle: "Tu código de oferta",
    },
    footer: {
      sentBy: "Enviado por LeadQR en nombre de {{business}}.",
      sentFor: "Enviado en nombre de {{business}}.",
    },
  },
  print: {
    cta: "Escanea para conseguir esta oferta",
  },
};

export default es;
