// Settings → Notifications and the morning summary in German. Spread into de/index.ts.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const deAlerts = {
  notifications: {
    title: "Benachrichtigungen",
    pageTitle: "Benachrichtigungen · LeadQR",
    description: "Erfahren Sie sofort, wenn ein Besucher seine Daten hinterlässt: auf diesem Handy, auf Slack, auf Telegram und per E-Mail.",
    back: "Zurück zu den Einstellungen",
    member:
      "Das sind Ihre eigenen Hinweise: neue Leads und eingelöste Codes nur an Ihren Standorten. Der Morgenbericht und die Lead-E-Mails gehen an den Inhaber.",
    on: "An",
    off: "Aus",
    turnOn: "Einschalten",
    turnOff: "Ausschalten",
    sendTest: "Test senden",
    remove: "Entfernen",
    removeTitle: "Hinweise an {{channel}} entfernen?",
    removeDescription: "An {{channel}} wird nichts mehr gesendet. Um es wieder zu nutzen, bestätigen Sie es erneut.",
    disabled: "Gestoppt: {{reason}}",
    email: {
      title: "E-Mail",
      description:
        "Jeder neue Lead wird an {{email}} gemailt; bei vielen auf einmal werden die E-Mails zu einer Zusammenfassung. Diese Einstellungen ändern nichts an den E-Mails.",
    },
    slack: {
      title: "Slack",
      description:
        "Eine Nachricht in einem Slack-Kanal für jeden Lead. Wir posten dort zuerst einen 6-stelligen Code, damit Hinweise nur in einen Kanal gehen, den Sie lesen können.",
      howTo: "Fügen Sie in Slack dem Kanal die App Incoming Webhooks hinzu und kopieren Sie die Webhook-URL, die sie Ihnen gibt.",
      url: "Slack-Webhook-URL",
      urlPlaceholder: "https://hooks.slack.com/services/…",
      sendCode: "Code senden",
      codeSent: "Wir haben einen 6-stelligen Code an {{label}} gepostet. Geben Sie ihn hier ein.",
      code: "Code aus Slack",
      confirm: "Bestätigen",
      otherUrl: "Anderen Webhook nutzen",
      proven: "Hinweise gehen an {{label}}.",
    },
    push: {
      title: "Dieses Handy oder dieser Browser",
      description:
        "Eine Mitteilung auf diesem Gerät für jeden Lead, auch wenn LeadQR geschlossen ist. Schalten Sie sie in jedem Browser ein, in dem Sie Hinweise möchten.",
      iphone:
        "Auf iPhone und iPad brauchen Hinweise LeadQR auf dem Home-Bildschirm: Tippen Sie in Safari auf Teilen, dann auf Zum Home-Bildschirm, und öffnen Sie LeadQR von dort.",
      addToHomeScreen:
        "Legen Sie LeadQR zuerst auf den Home-Bildschirm: Tippen Sie auf Teilen, dann auf Zum Home-Bildschirm. Öffnen Sie LeadQR vom Home-Bildschirm und schalten Sie die Hinweise dort ein.",
      unsupported: "Dieser Browser kann keine Mitteilungen von Websites anzeigen. Versuchen Sie Chrome, Edge, Firefox oder Safari.",
      subscribe: "Hinweise in diesem Browser einschalten",
      unsubscribe: "Hinweise in diesem Browser ausschalten",
      blocked:
        "Mitteilungen sind für diese Website blockiert. Erlauben Sie sie in den Website-Einstellungen des Browsers und versuchen Sie es erneut.",
      failed: "Der Browser hat das Abo nicht angelegt. Laden Sie die Seite neu und versuchen Sie es erneut.",
      devices: "Browser mit Hinweisen",
    },
    telegram: {
      title: "Telegram",
      description:
        "Eine Nachricht unseres Bots für jeden Lead, in dem Chat, den Sie verknüpfen. Ein Chat, der den Bot nicht gestartet hat, erhält nichts.",
      notConfigured: "Telegram ist auf diesem Server nicht eingerichtet: Der Betreiber setzt TELEGRAM_BOT_TOKEN.",
      link: "Telegram verknüpfen",
      open: "Telegram öffnen",
      openHint:
        "Öffnen Sie den Link auf dem Handy oder Computer, auf dem Sie Telegram nutzen, und tippen Sie auf Start. Der Link funktioniert einmal, 30 Minuten lang.",
      waiting: "Warten, bis Sie in Telegram auf Start tippen.",
      checkAgain: "Erneut prüfen",
      newLink: "Neuen Link holen",
      proven: "Hinweise gehen an {{label}}.",
    },
    routing: {
      title: "Welche Kampagnen hier Hinweise senden",
      campaigns: "Kampagnen",
      locations: "Standorte",
      all: "Alle (auch neue)",
      some: "Nur diese",
      every: "alle",
      count: "{{count}} von {{total}}",
      save: "Auswahl speichern",
    },
    events: {
      title: "Sagen Sie mir auch",
      description: "Zusätzlich zu neuen Leads, auf denselben Kanälen. Nicht während der Ruhezeiten.",
      redeemed: "Wenn ein Code eingelöst wird",
      scanLimit: "Wenn eine Kampagne ihr Scan-Limit erreicht",
      save: "Speichern",
      saved: "Gespeichert.",
    },
    quiet: {
      title: "Ruhezeiten",
      description: "Hinweise warten in diesen Stunden (Zeiten in {{zone}}) und kommen an deren Ende als eine Nachricht.",
      from: "Von",
      until: "Bis",
      save: "Ruhezeiten speichern",
      clear: "Keine Ruhezeiten",
      current: "Ruhe von {{from}} bis {{until}}.",
      none: "Keine Ruhezeiten: Hinweise kommen zu jeder Zeit.",
    },
    log: {
      title: "Letzte Zustellungen",
      description: "Jede Nachricht, die wir an Ihre Kanäle gesendet haben, mit der Antwort des Kanals.",
      empty: "Noch nichts gesendet.",
      when: "Wann",
      channel: "Kanal",
      what: "Was",
      outcome: "Ergebnis",
      kinds: {
        proof: "Code",
        test: "Test",
        lead: "Lead-Hinweis",
        fold: "{{count}} Leads in einer",
        linked: "Chat verknüpft",
        summary: "Bericht",
        redeemed: "Code eingelöst",
        scan_limit: "Scan-Limit",
      },
    },
  },
};

export const deSummary = {
  summary: {
    title: "Morgenbericht",
    description: "Eine E-Mail um 08:00 mit Ihren Scans, Besuchern, Leads und Einlösungen, jeweils verglichen mit dem Zeitraum davor.",
    legend: "Senden Sie mir einen Bericht",
    off: "Aus",
    offHelp: "Kein Bericht (Standard).",
    daily: "Jeden Morgen",
    dailyHelp: "Die Zahlen von gestern, um 08:00.",
    weekly: "Jeden Montag",
    weeklyHelp: "Die Zahlen der letzten Woche (Montag bis Sonntag), montags um 08:00.",
    quietDays: "Auch an einem ruhigen Tag senden",
    quietDaysHelp:
      "Ohne diese Option wird für einen Tag oder eine Woche ohne Scans, Leads oder Einlösungen und ohne etwas zu beheben nichts gesendet.",
    toChannels: "Auch an mein Slack und Telegram senden",
    toChannelsHelp: "Derselbe Bericht als reiner Text, auf jedem oben bestätigten und eingeschalteten Kanal.",
    zone: "Gesendet um 08:00 in {{zone}}, der Zeitzone des Browsers, in dem Sie Ihre Einstellungen zuletzt gespeichert haben.",
    noZone: "Gesendet um 08:00 UTC, bis Sie dies in Ihrem eigenen Browser speichern, der uns Ihre Zeitzone mitteilt.",
    save: "Berichtseinstellungen speichern",
    saved: "Berichtseinstellungen gespeichert",
  },
};
