// The print check's findings, Dutch ("je"). Rules: docs/features/campaigns-and-print.md.
export const nlPrintCheck = {
  printCheck: {
    contrastLight:
      "De code is lichter dan de achtergrond. Veel telefooncamera's kunnen een lichte code op een donkere achtergrond niet lezen: kies een donkere code op een lichte achtergrond.",
    contrastRefuse:
      "De code en de achtergrond lijken te veel op elkaar om te scannen (contrast {{ratio}}). Kies een donkerdere codekleur of een lichtere achtergrond.",
    contrastLow:
      "Laag contrast ({{ratio}}): bij weinig licht scant de code misschien slecht. Een contrast van minstens {{least}}:1, zoals zwart op wit, is veiliger.",
    contrastOk: "Donkere code op een lichte achtergrond, contrast {{ratio}}: makkelijk te scannen.",
    logoUnreadable: "Het logo van de campagne kon niet worden gelezen, dus de code wordt zonder logo afgedrukt.",
    logoNone: "Geen logo in de code.",
    logoTooBig: "Het logo zou {{percent}} van de code bedekken, meer dan foutcorrectie kan herstellen (hoogstens {{most}}).",
    logoOk: "Het logo bedekt {{percent}} van de code; de hoogste foutcorrectie (niveau H) herstelt wat het verbergt.",
    addressOk: "De code opent {{origin}}, dat elke telefoon kan bereiken.",
    quietZone: "Een vrije rand van {{modules}} modules in de achtergrondkleur omringt de code, zoals lezers nodig hebben.",
    size: "De code is {{width}} cm breed: te scannen vanaf maximaal {{distance}} afstand.",
    missingCharacters: "Deze tekens kunnen niet worden afgedrukt en worden weggelaten: {{characters}}",
  },
};
