// The print check's findings, French ("vous"). Rules: docs/features/campaigns-and-print.md.
export const frPrintCheck = {
  printCheck: {
    contrastLight:
      "Le code est plus clair que son fond. Beaucoup d’appareils photo de téléphone ne lisent pas un code clair sur fond sombre : choisissez un code foncé sur un fond clair.",
    contrastRefuse:
      "Le code et son fond se ressemblent trop pour être scannés (contraste {{ratio}}). Choisissez une couleur de code plus foncée ou un fond plus clair.",
    contrastLow:
      "Contraste faible ({{ratio}}) : le code risque d’être mal scanné sous une faible lumière. Un contraste d’au moins {{least}}:1, comme du noir sur du blanc, est plus sûr.",
    contrastOk: "Code foncé sur fond clair, contraste {{ratio}} : facile à scanner.",
    logoUnreadable: "Le logo de la campagne n’a pas pu être lu : le code est imprimé sans lui.",
    logoNone: "Aucun logo dans le code.",
    logoTooBig: "Le logo couvrirait {{percent}} du code, plus que ce que la correction d’erreurs peut rétablir (au plus {{most}}).",
    logoOk: "Le logo couvre {{percent}} du code ; la correction d’erreurs la plus forte (niveau H) rétablit ce qu’il cache.",
    addressOk: "Le code ouvre {{origin}}, que tout téléphone peut atteindre.",
    quietZone: "Une marge libre de {{modules}} modules de la couleur du fond entoure le code, comme il le faut aux lecteurs.",
    size: "Le code mesure {{width}} cm de large : il se scanne jusqu’à {{distance}}.",
    missingCharacters: "Ces caractères ne peuvent pas être imprimés et sont omis : {{characters}}",
  },
};
