// The landing page's demo, English: its button and its dialog. Its own file so that the button,
// on a page only the signed-out see (always English), reads its word here without i18next or the
// rest of the catalogue (docs/performance.md, "First paint"); en-parts.ts puts it in the catalogue.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
export const enDemo = {
  watch: "Watch Demo",
  title: "What your guests see",
  lead: "A sample campaign for {{business}}: the page a guest opens by scanning the printed code, and what they see once they have claimed.",
  afterScanning: "1. After scanning the code",
  afterClaiming: "2. After claiming",
  claimedSample: "Offer claimed (sample)",
  claimed: "Offer claimed",
  yourCode: "Your code: <strong>{{code}}</strong>",
  showAtCounter: "Show this at the counter.",
};
