// The print check's findings, Italian ("tu"). Rules: docs/features/campaigns-and-print.md.
export const itPrintCheck = {
  printCheck: {
    contrastLight:
      "Il codice è più chiaro del suo sfondo. Molte fotocamere dei telefoni non leggono un codice chiaro su sfondo scuro: scegli un codice scuro su sfondo chiaro.",
    contrastRefuse:
      "Il codice e il suo sfondo sono troppo simili per essere scansionati (contrasto {{ratio}}). Scegli un colore del codice più scuro o uno sfondo più chiaro.",
    contrastLow:
      "Contrasto basso ({{ratio}}): con poca luce il codice potrebbe non essere letto bene. Un contrasto di almeno {{least}}:1, come nero su bianco, è più sicuro.",
    contrastOk: "Codice scuro su sfondo chiaro, contrasto {{ratio}}: facile da scansionare.",
    logoUnreadable: "Non è stato possibile leggere il logo della campagna, quindi il codice viene stampato senza.",
    logoNone: "Nessun logo nel codice.",
    logoTooBig: "Il logo coprirebbe il {{percent}} del codice, più di quanto la correzione degli errori possa recuperare (al massimo {{most}}).",
    logoOk: "Il logo copre il {{percent}} del codice; la correzione degli errori più alta (livello H) recupera ciò che nasconde.",
    addressOk: "Il codice apre {{origin}}, raggiungibile da qualsiasi telefono.",
    quietZone: "Un margine libero di {{modules}} moduli nel colore di sfondo circonda il codice, come serve ai lettori.",
    size: "Il codice è largo {{width}} cm: si scansiona fino a {{distance}} di distanza.",
    missingCharacters: "Questi caratteri non si possono stampare e vengono omessi: {{characters}}",
  },
};
