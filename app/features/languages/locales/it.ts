import type { Messages } from "./en";

// Italian: the visitor is addressed as "tu", as Italian shops and apps usually do.
const it: Messages = {
  capture: {
    form: {
      label: "Ottieni la tua offerta",
      name: "Nome e cognome *",
      email: "Indirizzo email *",
      phone: "Numero di telefono",
      submit: "Voglio la mia offerta",
      submitting: "Invio in corso...",
      honeypot: "Lascia vuoto questo campo",
      invitation: "Lascia nome ed email per ricevere il tuo codice. Mostralo alla cassa per usufruire di questa offerta.",
      consentRequiredNote: "Per ottenere questa offerta devi spuntare la casella.",
      privacy: "Privacy",
      logoAlt: "Logo di {{business}}",
      language: "Lingua",
    },
    consent: {
      notice:
        "Inviando questo modulo accetti di ricevere comunicazioni commerciali da parte nostra. Puoi annullare l’iscrizione in qualsiasi momento.",
      checkbox: "Accetto di ricevere email commerciali da {{business}}. Posso revocare il mio consenso in qualsiasi momento.",
      doubleOptInHint: "Ti invieremo un link via email per confermare. Non riceverai nulla finché non confermi.",
      required: "Spunta la casella per ottenere questa offerta.",
    },
    validation: {
      nameRequired: "Inserisci nome e cognome",
      nameTooLong: "Il nome può avere al massimo {{max}} caratteri",
      emailRequired: "Inserisci il tuo indirizzo email",
      emailInvalid: "Inserisci un indirizzo email valido",
      phoneTooLong: "Il numero di telefono può avere al massimo {{max}} caratteri",
      phoneInvalid: "Inserisci un numero di telefono valido",
    },
    errors: {
      invalidCampaign: "Errore di invio: ID della campagna non valido",
      notLoaded: "Errore di invio: impossibile caricare i dati della campagna",
      inactive: "Errore di invio: questa campagna non è più attiva",
      failed: "Errore di invio: non è stato possibile inviare i tuoi dati. Riprova.",
      expired: "Errore di invio: invio non riuscito: questa pagina è scaduta. Ricaricala e riprova.",
      rateLimited: "Errore di invio: troppi tentativi. Attendi un momento e riprova.",
      networkBusy:
        "Errore di invio: invio non riuscito: molte persone sulla tua rete hanno appena richiesto questa offerta. Riprova tra {{minutes}} min o chiedi aiuto al personale.",
      shortLinkRefused: "Dalla tua rete sono stati aperti troppi link inesistenti. Attendi qualche minuto e riprova.",
      shortLinkRefusedOnSubmit: "Errore di invio: dalla tua rete sono stati aperti troppi link inesistenti. Attendi qualche minuto e riprova.",
      waitTitle: "Attendi un momento",
      unexpectedTitle: "Qualcosa è andato storto",
      unexpectedBody: "In questo momento non riusciamo a caricare questa offerta. Riprova tra poco.",
      plainFailed: "Qualcosa è andato storto. Riprova.",
    },
    busy: {
      title: "Un momento…",
      body: "Questa offerta è molto richiesta in questo momento. Riproveremo tra qualche secondo.",
      retry: "Riprova ora",
    },
    notFound: {
      pageTitle: "Campagna non trovata",
      title: "Errore di caricamento: campagna non trovata",
      body: "Il codice QR che hai scansionato non è valido o è scaduto.",
      box: "Campagna non trovata o non attiva",
    },
    limit: {
      title: "Limite di scansioni raggiunto!",
      body: "Questa campagna ha raggiunto il limite di scansioni gratuite.",
      current: "Scansioni attuali:",
      upgradeFor: "Passa a Pro per avere:",
      benefitScans: "Scansioni di codici QR illimitate",
      benefitCampaigns: "Campagne illimitate",
      benefitAnalytics: "Statistiche avanzate",
      benefitBranding: "Il tuo marchio personalizzato",
      benefitSupport: "Assistenza prioritaria",
      upgrade: "Passa a Pro – {{price}}/mese",
    },
    thanks: {
      title: "Grazie!",
      updates: "Tieni d’occhio la tua email: riceverai offerte esclusive e novità da <strong>{{business}}</strong>",
      checkEmail: "Controlla la tua casella di posta e conferma il tuo indirizzo email.",
      alreadyClaimed: "Questa offerta è già stata ottenuta con questo indirizzo email.",
      alreadyClaimedSent: "Questa offerta è già stata ottenuta con questo indirizzo email. Abbiamo inviato il codice a quell’indirizzo.",
      codeSent: "Il tuo codice offerta è nell’email che ti abbiamo inviato.",
      codeNotSent: "Al momento non siamo riusciti a inviarti il codice via email. Riprova più tardi.",
    },
    claim: {
      show: "Mostralo alla cassa",
      qrLabel: "Codice QR del tuo codice offerta",
      validUntil: "Valido fino al {{date}}",
      noExpiry: "Nessuna scadenza",
    },
  },
  visitor: {
    privacy: {
      title: "Privacy",
      collects:
        "<strong>{{business}}</strong> raccoglie il nome, l’indirizzo email e (se lo indichi) il numero di telefono che inserisci in questa pagina, per darti l’offerta e, se hai acconsentito, inviarti email commerciali.",
      records:
        "Quando invii il modulo registriamo anche a cosa hai acconsentito, quando, il tuo indirizzo IP e il tuo browser, così che {{business}} possa dimostrare il tuo consenso.",
      cookie:
        "Per contare quante persone aprono questa offerta, questa pagina imposta un cookie, <code>{{cookie}}</code>, che contiene un numero casuale e nulla che ti riguardi. Serve a contare una sola volta una seconda visita dallo stesso browser e impedisce ai programmi di simulare visitatori. Dura {{days}} giorni, viene rimandato solo a questo sito e non viene mai condiviso né usato per seguirti altrove. Con ogni visita si conserva un codice ricavato da esso che cambia ogni giorno. Quando ottieni l’offerta, un altro codice ricavato da esso viene conservato con i tuoi dati, così che questo browser ti mostri di nuovo il tuo codice offerta quando torni.",
      noCookie:
        "Questa pagina non imposta alcun cookie. Per contare quante persone aprono questa offerta, una visita viene riconosciuta da un codice ricavato dal tuo indirizzo IP e dal tuo browser che cambia ogni giorno; nessuno dei due viene conservato.",
      languageCookie:
        "Se scegli una lingua con il globo in cima alla pagina, un secondo cookie, <code>{{cookie}}</code>, ricorda questa scelta e nient’altro.",
      processor:
        "LeadQR gestisce questa pagina e conserva questi dati per conto di {{business}}, in qualità di responsabile del trattamento. I tuoi dati non vengono venduti né condivisi con nessun altro.",
      processorUnbranded:
        "Il servizio che gestisce questa pagina conserva questi dati per conto di {{business}}, in qualità di responsabile del trattamento. I tuoi dati non vengono venduti né condivisi con nessun altro.",
      rights:
        "Puoi revocare il tuo consenso in qualsiasi momento con il link presente in ogni email che ricevi, e puoi chiedere a {{business}} una copia dei tuoi dati o la loro cancellazione.",
      errorBody: "Riprova tra poco.",
    },
    confirm: {
      pageTitle: "Conferma il tuo consenso",
      doneTitle: "Grazie, la conferma è avvenuta",
      doneBody: "Il tuo consenso è confermato. Puoi revocarlo in qualsiasi momento con il link presente nell’email.",
      invalidTitle: "Questo link non funziona più",
      invalidBody: "È già stato usato, è scaduto (i link valgono {{days}} giorni) oppure il consenso è stato revocato. Non devi fare nient’altro.",
      askTitle: "Conferma il tuo consenso",
      askBody: "Premi il pulsante per confermare che vuoi ricevere email commerciali.",
      button: "Conferma",
    },
    withdraw: {
      pageTitle: "Revoca il tuo consenso",
      doneTitle: "Consenso revocato",
      doneBody: "Non riceverai più email commerciali da questa attività tramite LeadQR.",
      doneBodyUnbranded: "Non riceverai più email di marketing da questa attività.",
      invalidTitle: "Questo link non funziona",
      invalidBody: "Forse è stato copiato in modo incompleto, oppure i dati sono già stati cancellati.",
      askTitle: "Revoca il tuo consenso",
      askBody: "Premi il pulsante e non riceverai più email commerciali da questa attività.",
      button: "Revoca il consenso",
    },
  },
  email: {
    confirmation: {
      subject: "Conferma, per favore: email da {{business}}",
      intro: "Hai chiesto di ricevere email commerciali da {{business}}. Hai accettato quanto segue:",
      confirmLink: "Conferma il mio consenso",
      confirmLinkNote: "(questo link funziona una sola volta, per {{days}} giorni).",
      confirmText: "Conferma il mio consenso (funziona una sola volta, per {{days}} giorni): {{url}}",
      notYou: "Se non sei stato tu, ignora questa email: non riceverai altre email.",
      withdrawLink: "Revoca il mio consenso",
    },
    offerCode: {
      subject: "Il tuo codice offerta da {{business}}",
      claimedIntro: "Grazie per aver ottenuto l’offerta di {{business}}. Ecco il tuo codice:",
      claimedOutro: "Se non hai richiesto questa offerta, ignora questa email.",
      againIntro: "Qualcuno ha richiesto di nuovo l’offerta di {{business}} con questo indirizzo email. Ecco il codice che ha già:",
      againOutro: "Se non sei stato tu, ignora questa email: non verrà inviato nient’altro.",
      codeTitle: "Il tuo codice offerta",
    },
    footer: {
      sentBy: "Inviata da LeadQR per conto di {{business}}.",
      sentFor: "Inviata per conto di {{business}}.",
    },
  },
  print: {
    cta: "Scansiona per ottenere questa offerta",
  },
};

export default it;
