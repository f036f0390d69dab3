import type { Messages } from "./en";

// Dutch: the visitor is addressed as "je", as Dutch and Flemish shops usually do.
const nl: Messages = {
  capture: {
    form: {
      label: "Claim je aanbieding",
      name: "Volledige naam *",
      email: "E-mailadres *",
      phone: "Telefoonnummer",
      submit: "Claim mijn aanbieding",
      submitting: "Bezig met verzenden...",
      honeypot: "Laat dit veld leeg",
      invitation: "Laat je naam en e-mailadres achter om je code te krijgen. Laat hem aan de kassa zien om deze aanbieding te gebruiken.",
      consentRequiredNote: "Om deze aanbieding te krijgen, moet je het vakje aanvinken.",
      privacy: "Privacy",
      logoAlt: "Logo van {{business}}",
      language: "Taal",
    },
    consent: {
      notice: "Door dit formulier te verzenden, ga je akkoord met het ontvangen van marketingberichten van ons. Je kunt je op elk moment afmelden.",
      checkbox: "Ik ga akkoord met het ontvangen van marketingmails van {{business}}. Ik kan mijn toestemming op elk moment intrekken.",
      doubleOptInHint: "We mailen je een link om te bevestigen. Tot je bevestigt, sturen we je niets.",
      required: "Vink het vakje aan om deze aanbieding te krijgen.",
    },
    validation: {
      nameRequired: "Vul je volledige naam in",
      nameTooLong: "Je naam mag maximaal {{max}} tekens lang zijn",
      emailRequired: "Vul je e-mailadres in",
      emailInvalid: "Vul een geldig e-mailadres in",
      phoneTooLong: "Je telefoonnummer mag maximaal {{max}} tekens lang zijn",
      phoneInvalid: "Vul een geldig telefoonnummer in",
    },
    errors: {
      invalidCampaign: "Fout bij verzenden: ongeldige campagne-ID",
      notLoaded: "Fout bij verzenden: de campagnegegevens zijn niet geladen",
      inactive: "Fout bij verzenden: deze campagne is niet meer actief",
      failed: "Fout bij verzenden: je gegevens konden niet worden verzonden. Probeer het opnieuw.",
      expired: "Fout bij verzenden: verzenden mislukt: deze pagina is verlopen. Laad haar opnieuw en probeer het nog eens.",
      rateLimited: "Fout bij verzenden: te veel pogingen. Wacht even en probeer het opnieuw.",
      networkBusy:
        "Fout bij verzenden: verzenden mislukt: veel mensen op je netwerk hebben deze aanbieding net geclaimd. Probeer het over {{minutes}} min opnieuw of vraag het personeel om hulp.",
      shortLinkRefused: "Vanaf je netwerk zijn te veel links geopend die niet bestaan. Wacht een paar minuten en probeer het opnieuw.",
      shortLinkRefusedOnSubmit:
        "Fout bij verzenden: vanaf je netwerk zijn te veel links geopend die niet bestaan. Wacht een paar minuten en probeer het opnieuw.",
      waitTitle: "Een ogenblik geduld",
      unexpectedTitle: "Er ging iets mis",
      unexpectedBody: "We kunnen deze aanbieding nu niet laden. Probeer het zo opnieuw.",
      plainFailed: "Er ging iets mis. Probeer het opnieuw.",
    },
    busy: {
      title: "Een ogenblik…",
      body: "Deze aanbieding is nu erg populair. We proberen het over een paar seconden opnieuw.",
      retry: "Nu opnieuw proberen",
    },
    notFound: {
      pageTitle: "Campagne niet gevonden",
      title: "Fout bij het laden: campagne niet gevonden",
      body: "De QR-code die je hebt gescand is ongeldig of verlopen.",
      box: "Campagne niet gevonden of niet actief",
    },
    limit: {
      title: "Scanlimiet bereikt!",
      body: "Deze campagne heeft haar limiet aan gratis scans bereikt.",
      current: "Huidige scans:",
      upgradeFor: "Stap over op Pro voor:",
      benefitScans: "Onbeperkt QR-codes scannen",
      benefitCampaigns: "Onbeperkt campagnes",
      benefitAnalytics: "Uitgebreide statistieken",
      benefitBranding: "Je eigen huisstijl",
      benefitSupport: "Ondersteuning met voorrang",
      upgrade: "Overstappen op Pro – {{price}}/maand",
    },
    thanks: {
      title: "Bedankt!",
      updates: "Houd je mailbox in de gaten voor exclusieve aanbiedingen en nieuws van <strong>{{business}}</strong>",
      checkEmail: "Kijk in je inbox en bevestig je e-mailadres.",
      alreadyClaimed: "Deze aanbieding is al geclaimd met dit e-mailadres.",
      alreadyClaimedSent: "Deze aanbieding is al geclaimd met dit e-mailadres. We hebben de code naar dat adres gestuurd.",
      codeSent: "Je aanbiedingscode staat in de e-mail die we je hebben gestuurd.",
      codeNotSent: "We konden je aanbiedingscode nu niet mailen. Probeer het later opnieuw.",
    },
    claim: {
      show: "Laat dit aan de kassa zien",
      qrLabel: "QR-code van je aanbiedingscode",
      validUntil: "Geldig tot en met {{date}}",
      noExpiry: "Verloopt niet",
    },
  },
  visitor: {
    privacy: {
      title: "Privacy",
      collects:
        "<strong>{{business}}</strong> verzamelt de naam, het e-mailadres en (als je het opgeeft) het telefoonnummer dat je op deze pagina invult, om je de aanbieding te geven en, als je daarmee akkoord ging, je marketingmails te sturen.",
      records:
        "Als je het formulier verzendt, leggen we ook vast waarmee je akkoord ging, wanneer, je IP-adres en je browser, zodat {{business}} kan aantonen dat je toestemming gaf.",
      cookie:
        "Om te tellen hoeveel mensen deze aanbieding openen, plaatst deze pagina één cookie, <code>{{cookie}}</code>, met een willekeurig getal en niets over jou. Zo wordt een tweede bezoek vanuit dezelfde browser maar één keer geteld en kunnen scripts geen bezoekers nabootsen. De cookie blijft {{days}} dagen bewaard, wordt alleen naar deze site teruggestuurd en wordt nooit gedeeld of gebruikt om je elders te volgen. Bij een bezoek wordt een code bewaard die ervan is afgeleid en die elke dag verandert. Als je de aanbieding claimt, wordt een andere daarvan afgeleide code bij je gegevens bewaard, zodat deze browser je je aanbiedingscode opnieuw laat zien als je terugkomt.",
      noCookie:
        "Deze pagina plaatst geen cookie. Om te tellen hoeveel mensen deze aanbieding openen, wordt een bezoek herkend aan een code die is afgeleid van je IP-adres en je browser en die elke dag verandert; geen van beide wordt bewaard.",
      languageCookie:
        "Als je met de wereldbol bovenaan de pagina een taal kiest, onthoudt een tweede cookie, <code>{{cookie}}</code>, die keuze en verder niets.",
      processor:
        "LeadQR beheert deze pagina en bewaart deze gegevens namens {{business}}, als verwerker. Je gegevens worden niet verkocht en met niemand anders gedeeld.",
      processorUnbranded:
        "De dienst die deze pagina beheert, bewaart deze gegevens namens {{business}}, als verwerker. Je gegevens worden niet verkocht en met niemand anders gedeeld.",
      rights:
        "Je kunt je toestemming op elk moment intrekken met de link in elke e-mail die je ontvangt, en je kunt {{business}} om een kopie van je gegevens of om verwijdering ervan vragen.",
      errorBody: "Probeer het zo opnieuw.",
    },
    confirm: {
      pageTitle: "Bevestig je toestemming",
      doneTitle: "Bedankt, je toestemming is bevestigd",
      doneBody: "Je toestemming is bevestigd. Je kunt haar op elk moment intrekken met de link in de e-mail.",
      invalidTitle: "Deze link werkt niet meer",
      invalidBody: "Hij is al gebruikt, is verlopen (links werken {{days}} dagen) of de toestemming is ingetrokken. Je hoeft verder niets te doen.",
      askTitle: "Bevestig je toestemming",
      askBody: "Druk op de knop om te bevestigen dat je marketingmails wilt ontvangen.",
      button: "Bevestigen",
    },
    withdraw: {
      pageTitle: "Trek je toestemming in",
      doneTitle: "Toestemming ingetrokken",
      doneBody: "Je ontvangt via LeadQR geen marketingmails meer van dit bedrijf.",
      doneBodyUnbranded: "Je ontvangt geen marketingmails meer van dit bedrijf.",
      invalidTitle: "Deze link werkt niet",
      invalidBody: "Misschien is hij niet volledig gekopieerd, of zijn de gegevens al verwijderd.",
      askTitle: "Trek je toestemming in",
      askBody: "Druk op de knop en je ontvangt geen marketingmails meer van dit bedrijf.",
      button: "Toestemming intrekken",
    },
  },
  email: {
    confirmation: {
      subject: "Graag bevestigen: e-mails van {{business}}",
      intro: "Je hebt gevraagd om marketingmails van {{business}} te ontvangen. Je ging akkoord met:",
      confirmLink: "Mijn toestemming bevestigen",
      confirmLinkNote: "(deze link werkt één keer, {{days}} dagen lang).",
      confirmText: "Mijn toestemming bevestigen (werkt één keer, {{days}} dagen lang): {{url}}",
      notYou: "Was jij dit niet? Negeer dan deze e-mail: je krijgt geen mails meer van ons.",
      withdrawLink: "Mijn toestemming intrekken",
    },
    offerCode: {
      subject: "Je aanbiedingscode van {{business}}",
      claimedIntro: "Bedankt voor het claimen van de aanbieding van {{business}}. Hier is je code:",
      claimedOutro: "Heb je deze aanbieding niet geclaimd? Negeer dan deze e-mail.",
      againIntro: "Iemand heeft de aanbieding van {{business}} opnieuw geclaimd met dit e-mailadres. Dit is de code die het al heeft:",
      againOutro: "Was jij dit niet? Negeer dan deze e-mail: er wordt verder niets verstuurd.",
      codeTitle: "Je aanbiedingscode",
    },
    footer: {
      sentBy: "Verstuurd door LeadQR namens {{business}}.",
      sentFor: "Verstuurd namens {{business}}.",
    },
  },
  print: {
    cta: "Scan om deze aanbieding te krijgen",
  },
};

export default nl;
