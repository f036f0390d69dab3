// The print check's findings, Portuguese. Rules: docs/features/campaigns-and-print.md.
export const ptPrintCheck = {
  printCheck: {
    contrastLight:
      "O código é mais claro do que o fundo. Muitas câmaras de telemóvel não leem um código claro sobre fundo escuro: escolha um código escuro sobre um fundo claro.",
    contrastRefuse:
      "O código e o fundo são demasiado parecidos para serem lidos (contraste {{ratio}}). Escolha uma cor de código mais escura ou um fundo mais claro.",
    contrastLow:
      "Contraste baixo ({{ratio}}): com pouca luz o código pode ser mal lido. Um contraste de pelo menos {{least}}:1, como preto sobre branco, é mais seguro.",
    contrastOk: "Código escuro sobre fundo claro, contraste {{ratio}}: fácil de ler.",
    logoUnreadable: "Não foi possível ler o logótipo da campanha, por isso o código é impresso sem ele.",
    logoNone: "Sem logótipo no código.",
    logoTooBig: "O logótipo cobriria {{percent}} do código, mais do que a correção de erros consegue recuperar (no máximo {{most}}).",
    logoOk: "O logótipo cobre {{percent}} do código; a correção de erros mais alta (nível H) recupera o que ele esconde.",
    addressOk: "O código abre {{origin}}, que qualquer telemóvel alcança.",
    quietZone: "Uma margem livre de {{modules}} módulos na cor de fundo rodeia o código, como os leitores precisam.",
    size: "O código tem {{width}} cm de largura: lê-se a até {{distance}} de distância.",
    missingCharacters: "Estes carateres não podem ser impressos e ficam de fora: {{characters}}",
  },
};
