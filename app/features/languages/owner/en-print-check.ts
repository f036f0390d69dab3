// The print check's findings, English: what print.ts says of a sheet before it is printed.
// Spread into the catalogue by en.ts. Rules: docs/features/campaigns-and-print.md.
export const enPrintCheck = {
  printCheck: {
    contrastLight:
      "The code is lighter than its background. Many phone cameras cannot read a light code on a dark background: choose a dark code colour on a light background.",
    contrastRefuse:
      "The code and its background are too alike to be scanned (contrast {{ratio}}). Choose a darker code colour or a lighter background.",
    contrastLow:
      "Low contrast ({{ratio}}): the code may scan poorly in dim light. A contrast of at least {{least}}:1, such as black on white, is safer.",
    contrastOk: "Dark code on a light background, contrast {{ratio}}: easy to scan.",
    logoUnreadable: "The campaign's logo could not be read, so the code is printed without it.",
    logoNone: "No logo in the code.",
    logoTooBig: "The logo would cover {{percent}} of the code, more than error correction can restore (at most {{most}}).",
    logoOk: "The logo covers {{percent}} of the code; the highest error correction (level H) restores what it hides.",
    addressOk: "The code opens {{origin}}, which any phone can reach.",
    quietZone: "A clear margin of {{modules}} modules in the background colour surrounds the code, as readers need.",
    size: "The code is {{width}} cm wide: scans from up to {{distance}} away.",
    missingCharacters: "These characters cannot be printed and are left out: {{characters}}",
  },
};
