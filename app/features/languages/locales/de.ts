import type { Messages } from "./en";

// German: the visitor is addressed as "Sie".
const de: Messages = {
  capture: {
    form: {
      label: "Angebot sichern",
      name: "Vollständiger Name *",
      email: "E-Mail-Adresse *",
      phone: "Telefonnummer",
      submit: "Angebot sichern",
      submitting: "Wird gesendet...",
      honeypot: "Dieses Feld bitte leer lassen",
      invitation:
        "Geben Sie Ihren Namen und Ihre E-Mail-Adresse an, um Ihren Code zu erhalten. Zeigen Sie ihn an der Kasse vor, um das Angebot einzulösen.",
      consentRequiredNote: "Um dieses Angebot zu erhalten, müssen Sie das Kästchen ankreuzen.",
      privacy: "Datenschutz",
      logoAlt: "Logo von {{business}}",
      language: "Sprache",
    },
    consent: {
      notice:
        "Mit dem Absenden dieses Formulars erklären Sie sich damit einverstanden, Werbung von uns zu erhalten. Sie können sich jederzeit abmelden.",
      checkbox: "Ich bin einverstanden, Werbe-E-Mails von {{business}} zu erhalten. Ich kann meine Einwilligung jederzeit widerrufen.",
      doubleOptInHint: "Wir senden Ihnen einen Link zur Bestätigung per E-Mail. Bis Sie bestätigen, erhalten Sie nichts von uns.",
      required: "Bitte kreuzen Sie das Kästchen an, um dieses Angebot zu erhalten.",
    },
    validation: {
      nameRequired: "Bitte geben Sie Ihren vollständigen Namen ein",
      nameTooLong: "Der Name darf höchstens {{max}} Zeichen lang sein",
      emailRequired: "Bitte geben Sie Ihre E-Mail-Adresse ein",
      emailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
      phoneTooLong: "Die Telefonnummer darf höchstens {{max}} Zeichen lang sein",
      phoneInvalid: "Bitte geben Sie eine gültige Telefonnummer ein",
    },
    errors: {
      invalidCampaign: "Fehler beim Senden: Ungültige Kampagnen-ID",
      notLoaded: "Fehler beim Senden: Die Kampagnendaten wurden nicht geladen",
      inactive: "Fehler beim Senden: Diese Kampagne ist nicht mehr aktiv",
      failed: "Fehler beim Senden: Ihre Angaben konnten nicht übermittelt werden. Bitte versuchen Sie es erneut.",
      expired: "Fehler beim Senden: Senden fehlgeschlagen: Diese Seite ist abgelaufen. Bitte laden Sie sie neu und versuchen Sie es erneut.",
      rateLimited: "Fehler beim Senden: Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
      networkBusy:
        "Fehler beim Senden: Senden fehlgeschlagen: Viele Personen in Ihrem Netzwerk haben dieses Angebot gerade eingelöst. Bitte versuchen Sie es in {{minutes}} Min. erneut oder fragen Sie das Personal.",
      shortLinkRefused:
        "Aus Ihrem Netzwerk wurden zu viele Links geöffnet, die es nicht gibt. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
      shortLinkRefusedOnSubmit:
        "Fehler beim Senden: Aus Ihrem Netzwerk wurden zu viele Links geöffnet, die es nicht gibt. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.",
      waitTitle: "Einen Moment bitte",
      unexpectedTitle: "Etwas ist schiefgelaufen",
      unexpectedBody: "Dieses Angebot kann gerade nicht geladen werden. Bitte versuchen Sie es gleich noch einmal.",
      plainFailed: "Etwas ist schiefgelaufen. Bitte versuchen Sie es noch einmal.",
    },
    busy: {
      title: "Einen Moment…",
      body: "Dieses Angebot ist gerade sehr gefragt. Wir versuchen es in ein paar Sekunden noch einmal.",
      retry: "Jetzt erneut versuchen",
    },
    notFound: {
      pageTitle: "Kampagne nicht gefunden",
      title: "Fehler beim Laden: Kampagne nicht gefunden",
      body: "Der gescannte QR-Code ist ungültig oder abgelaufen.",
      box: "Kampagne nicht gefunden oder nicht aktiv",
    },
    limit: {
      title: "Scan-Limit erreicht!",
      body: "Diese Kampagne hat ihr Limit an kostenlosen Scans erreicht.",
      current: "Bisherige Scans:",
      upgradeFor: "Mit Pro erhalten Sie:",
      benefitScans: "Unbegrenzte QR-Code-Scans",
      benefitCampaigns: "Unbegrenzte Kampagnen",
      benefitAnalytics: "Erweiterte Statistiken",
      benefitBranding: "Eigenes Branding",
      benefitSupport: "Bevorzugter Support",
      upgrade: "Zu Pro wechseln – {{price}}/Monat",
    },
    thanks: {
      title: "Vielen Dank!",
      updates: "Behalten Sie Ihr Postfach im Blick: Dort erwarten Sie exklusive Angebote und Neuigkeiten von <strong>{{business}}</strong>",
      checkEmail: "Bitte sehen Sie in Ihrem Posteingang nach und bestätigen Sie Ihre E-Mail-Adresse.",
      alreadyClaimed: "Dieses Angebot wurde mit dieser E-Mail-Adresse bereits gesichert.",
      alreadyClaimedSent: "Dieses Angebot wurde mit dieser E-Mail-Adresse bereits gesichert. Wir haben den Code an diese Adresse gesendet.",
      codeSent: "Ihr Angebotscode steht in der E-Mail, die wir Ihnen gesendet haben.",
      codeNotSent: "Wir konnten Ihnen Ihren Angebotscode gerade nicht per E-Mail senden. Bitte versuchen Sie es später erneut.",
    },
    claim: {
      show: "Zeigen Sie dies an der Kasse vor",
      qrLabel: "QR-Code Ihres Angebotscodes",
      validUntil: "Gültig bis {{date}}",
      noExpiry: "Unbegrenzt gültig",
    },
  },
  visitor: {
    privacy: {
      title: "Datenschutz",
      collects:
        "<strong>{{business}}</strong> erhebt den Namen, die E-Mail-Adresse und (falls Sie sie angeben) die Telefonnummer, die Sie auf dieser Seite eingeben, um Ihnen das Angebot zu geben und Ihnen, falls Sie eingewilligt haben, Werbe-E-Mails zu senden.",
      records:
        "Wenn Sie das Formular absenden, speichern wir außerdem, wozu Sie eingewilligt haben, wann, Ihre IP-Adresse und Ihren Browser, damit {{business}} Ihre Einwilligung nachweisen kann.",
      cookie:
        "Um zu zählen, wie viele Menschen dieses Angebot öffnen, setzt diese Seite ein Cookie, <code>{{cookie}}</code>, das eine Zufallszahl und nichts über Sie enthält. Damit wird ein zweiter Besuch aus demselben Browser nur einmal gezählt, und Programme können keine Besucher vortäuschen. Es bleibt {{days}} Tage bestehen, wird nur an diese Website zurückgesendet und nie weitergegeben oder genutzt, um Sie anderswo zu verfolgen. Zu einem Besuch wird ein daraus abgeleiteter Code gespeichert, der sich täglich ändert. Wenn Sie das Angebot sichern, wird ein weiterer daraus abgeleiteter Code mit Ihren Angaben gespeichert, damit dieser Browser Ihnen Ihren Angebotscode wieder anzeigt, wenn Sie zurückkommen.",
      noCookie:
        "Diese Seite setzt kein Cookie. Um zu zählen, wie viele Menschen dieses Angebot öffnen, wird ein Besuch an einem Code erkannt, der aus Ihrer IP-Adresse und Ihrem Browser abgeleitet wird und sich täglich ändert; keines von beiden wird gespeichert.",
      languageCookie:
        "Wenn Sie über die Weltkugel oben auf der Seite eine Sprache wählen, merkt sich ein zweites Cookie, <code>{{cookie}}</code>, diese Wahl und nichts anderes.",
      processor:
        "LeadQR betreibt diese Seite und speichert diese Angaben im Auftrag von {{business}} als Auftragsverarbeiter. Ihre Angaben werden weder verkauft noch an andere weitergegeben.",
      processorUnbranded:
        "Der Dienst, der diese Seite betreibt, speichert diese Angaben im Auftrag von {{business}} als Auftragsverarbeiter. Ihre Angaben werden weder verkauft noch an andere weitergegeben.",
      rights:
        "Sie können Ihre Einwilligung jederzeit über den Link in jeder E-Mail widerrufen, die Sie erhalten, und Sie können {{business}} um eine Kopie Ihrer Daten oder um deren Löschung bitten.",
      errorBody: "Bitte versuchen Sie es gleich noch einmal.",
    },
    confirm: {
      pageTitle: "Einwilligung bestätigen",
      doneTitle: "Vielen Dank, Sie haben bestätigt",
      doneBody: "Ihre Einwilligung ist bestätigt. Sie können sie jederzeit über den Link in der E-Mail widerrufen.",
      invalidTitle: "Dieser Link funktioniert nicht mehr",
      invalidBody:
        "Er wurde bereits verwendet, ist abgelaufen (Links gelten {{days}} Tage) oder die Einwilligung wurde widerrufen. Sie müssen nichts weiter tun.",
      askTitle: "Einwilligung bestätigen",
      askBody: "Drücken Sie auf die Schaltfläche, um zu bestätigen, dass Sie Werbe-E-Mails erhalten möchten.",
      button: "Bestätigen",
    },
    withdraw: {
      pageTitle: "Einwilligung widerrufen",
      doneTitle: "Einwilligung widerrufen",
      doneBody: "Sie erhalten über LeadQR keine Werbe-E-Mails mehr von diesem Unternehmen.",
      doneBodyUnbranded: "Sie erhalten von diesem Unternehmen keine Marketing-E-Mails mehr.",
      invalidTitle: "Dieser Link funktioniert nicht",
      invalidBody: "Vielleicht wurde er unvollständig kopiert, oder die Daten wurden bereits gelöscht.",
      askTitle: "Einwilligung widerrufen",
      askBody: "Drücken Sie auf die Schaltfläche, und Sie erhalten keine Werbe-E-Mails mehr von diesem Unternehmen.",
      button: "Einwilligung widerrufen",
    },
  },
  email: {
    confirmation: {
      subject: "Bitte bestätigen: E-Mails von {{business}}",
      intro: "Sie möchten Werbe-E-Mails von {{business}} erhalten. Sie haben Folgendem zugestimmt:",
      confirmLink: "Einwilligung bestätigen",
      confirmLinkNote: "(dieser Link funktioniert einmal und {{days}} Tage lang).",
      confirmText: "Einwilligung bestätigen (funktioniert einmal und {{days}} Tage lang): {{url}}",
      notYou: "Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Sie erhalten keine weiteren E-Mails.",
      withdrawLink: "Einwilligung widerrufen",
    },
    offerCode: {
      subject: "Ihr Angebotscode von {{business}}",
      claimedIntro: "Danke, dass Sie sich das Angebot von {{business}} gesichert haben. Hier ist Ihr Code:",
      claimedOutro: "Falls Sie dieses Angebot nicht angefordert haben, ignorieren Sie diese E-Mail.",
      againIntro: "Jemand hat das Angebot von {{business}} erneut mit dieser E-Mail-Adresse angefordert. Hier ist der Code, den sie bereits hat:",
      againOutro: "Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Es wird nichts weiter gesendet.",
      codeTitle: "Ihr Angebotscode",
    },
    footer: {
      sentBy: "Gesendet von LeadQR im Auftrag von {{business}}.",
      sentFor: "Gesendet im Auftrag von {{business}}.",
    },
  },
  print: {
    cta: "Scannen und Angebot sichern",
  },
};

export default de;
