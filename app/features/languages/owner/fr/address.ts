// Who can open a code's address, French ("vous"). Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const frAddress = {
  address: {
    unencrypted: {
      title: "Ce code ouvre une page non chiffrée",
      text: "Il mène à {{origin}} : les téléphones l’ouvrent mais affichent « Non sécurisé », et les coordonnées de vos visiteurs circulent sans protection.",
    },
    localNetwork: {
      title: "Seuls les téléphones de ce réseau peuvent ouvrir ce code",
      text: "Il mène à {{origin}}, une adresse du réseau local : un téléphone sur le même Wi-Fi peut l’ouvrir, aucun autre.",
    },
    unreachable: {
      title: "Les téléphones ne peuvent pas ouvrir ce code",
      thisComputer: "Il mène à {{origin}}, que seul cet ordinateur peut ouvrir.",
      nowhere: "Il mène à {{origin}}, une adresse qu’aucun téléphone ne peut atteindre.",
    },
    fix: "Indiquez votre adresse https publique dans APP_URL (par ex. APP_URL=https://qr.example.com) et redémarrez le serveur avant d’imprimer.",
  },
};
