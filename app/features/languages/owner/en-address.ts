// Who can open a code's address (the warning beside a QR code or a link to share), English.
// Spread into the catalogue by en.ts. Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const enAddress = {
  address: {
    unencrypted: {
      title: "This code opens an unencrypted page",
      text: 'It points at {{origin}}: phones open it but warn "Not secure", and your visitors\' details travel unprotected.',
    },
    localNetwork: {
      title: "Only phones on this network can open this code",
      text: "It points at {{origin}}, a local network address: a phone on the same Wi-Fi can open it, no other phone can.",
    },
    unreachable: {
      title: "Phones cannot open this code",
      thisComputer: "It points at {{origin}}, which only this computer can open.",
      nowhere: "It points at {{origin}}, which is not an address a phone can reach.",
    },
    fix: "Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.",
  },
};
