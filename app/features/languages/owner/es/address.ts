// Who can open a code's address, Spanish ("tú"). Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const esAddress = {
  address: {
    unencrypted: {
      title: "Este código abre una página sin cifrar",
      text: "Apunta a {{origin}}: los móviles la abren, pero avisan «No es seguro», y los datos de tus visitantes viajan sin protección.",
    },
    localNetwork: {
      title: "Solo los móviles de esta red pueden abrir este código",
      text: "Apunta a {{origin}}, una dirección de red local: un móvil en la misma wifi puede abrirla, ningún otro.",
    },
    unreachable: {
      title: "Los móviles no pueden abrir este código",
      thisComputer: "Apunta a {{origin}}, que solo este ordenador puede abrir.",
      nowhere: "Apunta a {{origin}}, una dirección a la que ningún móvil puede llegar.",
    },
    fix: "Pon en APP_URL tu dirección pública https (p. ej. APP_URL=https://qr.example.com) y reinicia el servidor antes de imprimir.",
  },
};
