// Who can open a code's address, Dutch ("je"). Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const nlAddress = {
  address: {
    unencrypted: {
      title: "Deze code opent een onversleutelde pagina",
      text: "Hij verwijst naar {{origin}}: telefoons openen hem, maar waarschuwen „Niet veilig”, en de gegevens van je bezoekers gaan onbeschermd over het netwerk.",
    },
    localNetwork: {
      title: "Alleen telefoons op dit netwerk kunnen deze code openen",
      text: "Hij verwijst naar {{origin}}, een adres in het lokale netwerk: een telefoon op dezelfde wifi kan het openen, geen andere.",
    },
    unreachable: {
      title: "Telefoons kunnen deze code niet openen",
      thisComputer: "Hij verwijst naar {{origin}}, dat alleen deze computer kan openen.",
      nowhere: "Hij verwijst naar {{origin}}, een adres dat geen telefoon kan bereiken.",
    },
    fix: "Zet APP_URL op je openbare https-adres (bijv. APP_URL=https://qr.example.com) en herstart de server voordat je afdrukt.",
  },
};
