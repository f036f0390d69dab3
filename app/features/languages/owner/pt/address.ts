// Who can open a code's address, Portuguese. Rules: docs/features/campaigns-and-print.md ("Who can open a code").
export const ptAddress = {
  address: {
    unencrypted: {
      title: "Este código abre uma página sem encriptação",
      text: "Aponta para {{origin}}: os telemóveis abrem-na, mas avisam «Não seguro», e os dados dos visitantes circulam sem proteção.",
    },
    localNetwork: {
      title: "Só os telemóveis desta rede podem abrir este código",
      text: "Aponta para {{origin}}, um endereço da rede local: um telemóvel na mesma rede Wi-Fi pode abri-lo, nenhum outro.",
    },
    unreachable: {
      title: "Os telemóveis não conseguem abrir este código",
      thisComputer: "Aponta para {{origin}}, que só este computador consegue abrir.",
      nowhere: "Aponta para {{origin}}, um endereço que nenhum telemóvel consegue alcançar.",
    },
    fix: "Defina APP_URL com o seu endereço https público (p. ex. APP_URL=https://qr.example.com) e reinicie o servidor antes de imprimir.",
  },
};
