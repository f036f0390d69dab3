// The only email a visitor may receive from the consent flow: plain, no advertising, names the
// business and what was agreed to, and carries a one-click withdraw link (decision 111). It also
// carries the offer code the visitor claimed (decision 125): the code only, no offer copy.
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/templates";
import { VisitorMailFooter, visitorMailFooterText } from "~/features/email/visitor-mail-footer";
import { CONFIRM_LINK_DAYS } from "./consent";

export type ConfirmationEmailInput = {
  businessName: string;
  postalAddress: string;
  wording: string;
  confirmUrl: string;
  withdrawUrl: string;
  /** The visitor's own claim, grouped and with its validity line as on the thank-you screen. */
  offerCode?: { code: string; validity: string };
};

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function consentConfirmationEmail(input: ConfirmationEmailInput): EmailContent {
  const business = oneLine(input.businessName);
  const subject = `Please confirm: emails from ${business}`;
  const offerCode = input.offerCode;
  const html = emailHtml(
    <EmailDocument title={subject}>
      <p>You asked to receive marketing emails from {business}. You agreed to:</p>
      <blockquote style={{ borderLeft: "3px solid #D1D5DB", margin: "0 0 16px", padding: "0 12px" }}>{input.wording}</blockquote>
      <p>
        <a href={input.confirmUrl}>Confirm my consent</a> (this link works once, for {CONFIRM_LINK_DAYS} days).
      </p>
      {offerCode ? <OfferCodeBlock {...offerCode} /> : null}
      <p>If this was not you, ignore this email: you will not be emailed again.</p>
      <p>
        <a href={input.withdrawUrl}>Withdraw my consent</a>
      </p>
      <VisitorMailFooter business={business} postalAddress={input.postalAddress} />
    </EmailDocument>,
  );
  const text = [
    `You asked to receive marketing emails from ${business}. You agreed to:`,
    "",
    `"${oneLine(input.wording)}"`,
    "",
    `Confirm my consent (works once, for ${CONFIRM_LINK_DAYS} days): ${input.confirmUrl}`,
    "",
    ...(offerCode ? [...offerCodeText(offerCode), ""] : []),
    "If this was not you, ignore this email: you will not be emailed again.",
    "",
    `Withdraw my consent: ${input.withdrawUrl}`,
    "",
    ...visitorMailFooterText({ business, postalAddress: input.postalAddress }),
  ].join("\n");
  return { subject, html, text, senderName: business };
}

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that posts once, no page needed. */
export function listUnsubscribeHeaders(withdrawUrl: string) {
  return { "List-Unsubscribe": `<${withdrawUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
