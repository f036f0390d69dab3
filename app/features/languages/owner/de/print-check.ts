// The print check's findings, German. Rules: docs/features/campaigns-and-print.md.
export const dePrintCheck = {
  printCheck: {
    contrastLight:
      "Der Code ist heller als sein Hintergrund. Viele Handykameras können einen hellen Code auf dunklem Grund nicht lesen: Wählen Sie einen dunklen Code auf hellem Hintergrund.",
    contrastRefuse:
      "Code und Hintergrund sind sich zu ähnlich, um gescannt zu werden (Kontrast {{ratio}}). Wählen Sie eine dunklere Codefarbe oder einen helleren Hintergrund.",
    contrastLow:
      "Geringer Kontrast ({{ratio}}): Bei schwachem Licht lässt sich der Code schlecht scannen. Ein Kontrast von mindestens {{least}}:1, etwa Schwarz auf Weiß, ist sicherer.",
    contrastOk: "Dunkler Code auf hellem Hintergrund, Kontrast {{ratio}}: gut zu scannen.",
    logoUnreadable: "Das Logo der Kampagne konnte nicht gelesen werden, daher wird der Code ohne Logo gedruckt.",
    logoNone: "Kein Logo im Code.",
    logoTooBig: "Das Logo würde {{percent}} des Codes bedecken, mehr als die Fehlerkorrektur wiederherstellen kann (höchstens {{most}}).",
    logoOk: "Das Logo bedeckt {{percent}} des Codes; die höchste Fehlerkorrektur (Stufe H) stellt wieder her, was es verdeckt.",
    addressOk: "Der Code öffnet {{origin}}, das jedes Handy erreicht.",
    quietZone: "Ein freier Rand von {{modules}} Modulen in der Hintergrundfarbe umgibt den Code, wie Lesegeräte ihn brauchen.",
    size: "Der Code ist {{width}} cm breit: scannbar aus bis zu {{distance}} Entfernung.",
    missingCharacters: "Diese Zeichen können nicht gedruckt werden und werden weggelassen: {{characters}}",
  },
};
