// The claimed code as visitor emails show it (the confirmation email and the repeat-claim email):
// the same words as the thank-you card, a receipt rather than an advertisement.
// Rules: docs/features/offers-and-the-counter.md ("Double opt-in carries the code").
export type OfferCodeLines = { code: string; validity: string };

/** The block's two fixed lines, in the visitor's language. */
export type OfferCodeWords = { title: string; show: string };

export function OfferCodeBlock({ code, validity, words }: OfferCodeLines & { words: OfferCodeWords }) {
  return (
    <div style={{ margin: "24px 0", padding: 16, border: "2px dashed #D1D5DB", borderRadius: 12 }}>
      <p style={{ margin: "0 0 8px", fontWeight: 700 }}>{words.title}</p>
      <p style={{ margin: "0 0 8px", fontFamily: "Menlo, Consolas, monospace", fontSize: 28, fontWeight: 700, letterSpacing: 2 }}>{code}</p>
      <p style={{ margin: "0 0 4px" }}>{words.show}</p>
      <p style={{ margin: 0, color: "#4B5563", fontSize: 14 }}>{validity}</p>
    </div>
  );
}

/** The plain-text part's lines for the same block. */
export const offerCodeText = ({ code, validity }: OfferCodeLines, words: OfferCodeWords) => [`${words.title}: ${code}`, words.show, validity];
