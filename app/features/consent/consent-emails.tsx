// The only email a visitor may receive from the consent flow: plain, no advertising, names the
// business and what was agreed to, and carries a one-click withdraw link. It also
// carries the offer code the visitor claimed: the code only, no offer copy.
// Rules: docs/features/consent-and-erasure.md ("Double opt-in"); docs/features/offers-and-the-counter.md ("Double
//   opt-in carries the code"); docs/features/domains.md ("White label").
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/lead-emails";
import { VisitorMailFooter, visitorMailFooterText } from "~/features/email/visitor-mail-footer";
import { visitorMailWords } from "~/features/languages/visitor-mail-words.server";
import { translatorFor } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { CONFIRM_LINK_DAYS } from "./consent";

export type ConfirmationEmailInput = {
  businessName: string;
  postalAddress: string;
  wording: string;
  confirmUrl: string;
  withdrawUrl: string;
  /** The visitor's own claim, grouped and with its validity line as on the thank-you screen. */
  offerCode?: { code: string; validity: string };
  /** The language of the page the visitor consented on: the email's too. */
  language?: Language;
  /** Enterprise: no LeadQR name in the sender or the foot. */
  whiteLabel?: boolean;
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function consentConfirmationEmail(input: ConfirmationEmailInput): EmailContent {
  const business = oneLine(input.businessName);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = translatorFor(language, "email");
  const words = visitorMailWords(language, business, input.whiteLabel);
  const days = CONFIRM_LINK_DAYS;
  const subject = t("confirmation.subject", { business });
  const offerCode = input.offerCode;
  const html = emailHtml(
    <EmailDocument title={subject} language={words.document}>
      <p>{t("confirmation.intro", { business })}</p>
      <blockquote style={{ borderLeft: "3px solid #D1D5DB", margin: "0 0 16px", padding: "0 12px" }}>{input.wording}</blockquote>
      <p>
        <a href={input.confirmUrl}>{t("confirmation.confirmLink")}</a> {t("confirmation.confirmLinkNote", { days })}
      </p>
      {offerCode ? <OfferCodeBlock {...offerCode} words={words.code} /> : null}
      <p>{t("confirmation.notYou")}</p>
      <p>
        <a href={input.withdrawUrl}>{t("confirmation.withdrawLink")}</a>
      </p>
      <VisitorMailFooter business={business} postalAddress={input.postalAddress} sentBy={words.sentBy} />
    </EmailDocument>,
  );
  const text = [
    t("confirmation.intro", { business }),
    "",
    `"${oneLine(input.wording)}"`,
    "",
    t("confirmation.confirmText", { days, url: input.confirmUrl }),
    "",
    ...(offerCode ? [...offerCodeText(offerCode, words.code), ""] : []),
    t("confirmation.notYou"),
    "",
    `${t("confirmation.withdrawLink")}: ${input.withdrawUrl}`,
    "",
    ...visitorMailFooterText({ business, postalAddress: input.postalAddress, sentBy: words.sentBy }),
  ].join("\n");
  return { subject, html, text, senderName: words.senderName };
}

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that posts once, no page needed. */
export function listUnsubscribeHeaders(withdrawUrl: string) {
  return { "List-Unsubscribe": `<${withdrawUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
