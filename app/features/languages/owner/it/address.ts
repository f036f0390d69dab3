// Who can open a code's address, Italian ("tu"). Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const itAddress = {
  address: {
    unencrypted: {
      title: "Questo codice apre una pagina non cifrata",
      text: "Porta a {{origin}}: i telefoni la aprono ma avvisano «Non sicuro», e i dati dei tuoi visitatori viaggiano senza protezione.",
    },
    localNetwork: {
      title: "Solo i telefoni di questa rete possono aprire questo codice",
      text: "Porta a {{origin}}, un indirizzo di rete locale: un telefono sulla stessa Wi-Fi può aprirlo, nessun altro.",
    },
    unreachable: {
      title: "I telefoni non possono aprire questo codice",
      thisComputer: "Porta a {{origin}}, che solo questo computer può aprire.",
      nowhere: "Porta a {{origin}}, un indirizzo che nessun telefono può raggiungere.",
    },
    fix: "Imposta APP_URL sul tuo indirizzo https pubblico (ad es. APP_URL=https://qr.example.com) e riavvia il server prima di stampare.",
  },
};
