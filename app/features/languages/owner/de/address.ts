// Who can open a code's address, German. Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const deAddress = {
  address: {
    unencrypted: {
      title: "Dieser Code öffnet eine unverschlüsselte Seite",
      text: "Er führt zu {{origin}}: Handys öffnen die Seite, warnen aber „Nicht sicher“, und die Angaben Ihrer Besucher werden ungeschützt übertragen.",
    },
    localNetwork: {
      title: "Nur Handys in diesem Netzwerk können diesen Code öffnen",
      text: "Er führt zu {{origin}}, einer Adresse im lokalen Netzwerk: Ein Handy im selben WLAN kann sie öffnen, andere nicht.",
    },
    unreachable: {
      title: "Handys können diesen Code nicht öffnen",
      thisComputer: "Er führt zu {{origin}}, das nur dieser Computer öffnen kann.",
      nowhere: "Er führt zu {{origin}}, einer Adresse, die kein Handy erreichen kann.",
    },
    fix: "Setzen Sie APP_URL auf Ihre öffentliche https-Adresse (z. B. APP_URL=https://qr.example.com) und starten Sie den Server vor dem Drucken neu.",
  },
};
