// The offer code sent to the mailbox it was claimed with: with the claim itself (decision 343), and
// again when someone submits that address once more (decision 224). A receipt, not an
// advertisement (no offer copy), like the code block of the double opt-in email (decision 125).
// Only the mailbox's owner learns the code from it.
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/templates";
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
  /** Enterprise (decision 433): no LeadQR name in the sender or the foot. */
  whiteLabel?: boolean;
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Why the email was sent: the claim just made, or a later claim with the same address. */
export type OfferCodeOccasion = "claimed" | "claimed-again";

const WORDING = {
  claimed: { intro: "offerCode.claimedIntro", outro: "offerCode.claimedOutro" },
  "claimed-again": { intro: "offerCode.againIntro", outro: "offerCode.againOutro" },
} as const satisfies Record<OfferCodeOccasion, { intro: string; outro: string }>;

export function offerCodeEmail(input: OfferCodeEmailInput, occasion: OfferCodeOccasion = "claimed-again"): EmailContent {
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
