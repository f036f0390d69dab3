// The offer code sent to the mailbox it was claimed with: with the claim itself, and
// again when someone submits that address once more. A receipt, not an
// advertisement (no offer copy), like the code block of the double opt-in email.
// Only the mailbox's owner learns the code from it.
// Rules: docs/features/offers-and-the-counter.md ("Every new claim emails its code", "Who is shown a code", "Double
//   opt-in carries the code"); docs/features/domains.md ("White label").
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/lead-emails";
import { VisitorMailFooter, visitorMailFooterText } from "~/features/email/visitor-mail-footer";
import { visitorMailWords } from "~/features/languages/visitor-mail-words.server";
import { translatorFor } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

export type OfferCodeEmailInput = {
  businessName: string;
  postalAddress: string;
  code: string;
  validity: string;
  /** The language of the page the code was claimed on. */
  language?: Language;
  /** Enterprise: no LeadQR name in the sender or the foot. */
  whiteLabel?: boolean;
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Why the email was sent: the claim just made, or a later claim with the same address. */
export type OfferCodeOccasion = "claimed" | "claimed-again";

const WORDING = {
  claimed: { intro: "offerCode.claimedIntro", outro: "offerCode.claimedOutro" },
  "claimed-again": { intro: "offerCode.againIntro", outro: "offerCode.againOutro" },
} as const satisfies Record<OfferCodeOccasion, { intro: string; outro: string }>;

/** The email in full, rendered now: what `offerCodeEmail` fills its cached frames to equal. */
export function renderOfferCodeEmail(input: OfferCodeEmailInput, occasion: OfferCodeOccasion = "claimed-again"): EmailContent {
  const business = oneLine(input.businessName);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language, "email");
  const words = visitorMailWords(language, business, input.whiteLabel);
  const subject = t("offerCode.subject", { business });
  const intro = t(WORDING[occasion].intro, { business });
  const outro = t(WORDING[occasion].outro);
  const html = emailHtml(
    <EmailDocument title={subject} language={words.document}>
      <p>{intro}</p>
      <OfferCodeBlock code={input.code} validity={input.validity} words={words.code} />
      <p>{outro}</p>
      <VisitorMailFooter business={business} postalAddress={input.postalAddress} sentBy={words.sentBy} />
    </EmailDocument>,
  );
  const text = [
    intro,
    "",
    ...offerCodeText(input, words.code),
    "",
    outro,
    "",
    ...visitorMailFooterText({ business, postalAddress: input.postalAddress, sentBy: words.sentBy }),
  ].join("\n");
  return { subject, html, text, senderName: words.senderName };
}

// Every lead's code email is rendered in its request (it is sent at once, never folded), and React
// and i18next were most of a lead post's added cost (docs/performance.md, "Tenth wave"). Only the
// code and its validity line differ between two leads of one campaign and language, so the email
// is rendered once per business, language and occasion with two slots and filled per lead. The
// slots carry a per-process random part, so no business name can forge one.
const SLOT_NONCE = crypto.randomUUID().slice(0, 8);
const CODE_SLOT = `\u{E000}code-${SLOT_NONCE}\u{E000}`;
const VALIDITY_SLOT = `\u{E000}validity-${SLOT_NONCE}\u{E000}`;
const SLOTS = new RegExp(`${CODE_SLOT}|${VALIDITY_SLOT}`, "gu");
const MAX_FRAMES = 1_000;
const frames = new Map<string, EmailContent>();

/** The text React writes for a text node (`&`, `<`, `>`, `"` and `'` escaped as it does). */
const HTML_TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeText = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_TEXT_ESCAPES[character]!);

function frameOf(input: OfferCodeEmailInput, occasion: OfferCodeOccasion) {
  const key = JSON.stringify([occasion, input.language ?? DEFAULT_LANGUAGE, input.businessName, input.postalAddress, Boolean(input.whiteLabel)]);
  let frame = frames.get(key);
  if (!frame) {
    frame = renderOfferCodeEmail({ ...input, code: CODE_SLOT, validity: VALIDITY_SLOT }, occasion);
    if (frames.size >= MAX_FRAMES) frames.delete(frames.keys().next().value!);
    frames.set(key, frame);
  }
  return frame;
}

/** The visitor's code email: the cached frame of its business and language, filled with this claim. */
export function offerCodeEmail(input: OfferCodeEmailInput, occasion: OfferCodeOccasion = "claimed-again"): EmailContent {
  const frame = frameOf(input, occasion);
  const fill = (escape: (value: string) => string) => (slot: string) => escape(slot === CODE_SLOT ? input.code : input.validity);
  return {
    ...frame,
    html: frame.html.replace(SLOTS, fill(escapeText)),
    text: frame.text.replace(
      SLOTS,
      fill((value) => value),
    ),
  };
}
