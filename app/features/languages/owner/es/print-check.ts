// The print check's findings, Spanish ("tú"). Rules: docs/features/campaigns-and-print.md.
export const esPrintCheck = {
  printCheck: {
    contrastLight:
      "El código es más claro que su fondo. Muchas cámaras de móvil no leen un código claro sobre fondo oscuro: elige un código oscuro sobre un fondo claro.",
    contrastRefuse:
      "El código y su fondo se parecen demasiado para escanearse (contraste {{ratio}}). Elige un color de código más oscuro o un fondo más claro.",
    contrastLow:
      "Contraste bajo ({{ratio}}): con poca luz el código puede escanearse mal. Un contraste de al menos {{least}}:1, como negro sobre blanco, es más seguro.",
    contrastOk: "Código oscuro sobre fondo claro, contraste {{ratio}}: fácil de escanear.",
    logoUnreadable: "No se pudo leer el logo de la campaña, así que el código se imprime sin él.",
    logoNone: "El código no lleva logo.",
    logoTooBig: "El logo cubriría el {{percent}} del código, más de lo que la corrección de errores puede recuperar (como mucho {{most}}).",
    logoOk: "El logo cubre el {{percent}} del código; la máxima corrección de errores (nivel H) recupera lo que oculta.",
    addressOk: "El código abre {{origin}}, al que cualquier móvil puede llegar.",
    quietZone: "Un margen libre de {{modules}} módulos del color de fondo rodea el código, como necesitan los lectores.",
    size: "El código mide {{width}} cm de ancho: se escanea desde hasta {{distance}}.",
    missingCharacters: "Estos caracteres no se pueden imprimir y se omiten: {{characters}}",
  },
};
