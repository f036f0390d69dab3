// The offer code sent to the address it was claimed with, when someone submits that address again
// (decision 224): a receipt, not an advertisement (no offer copy), like the code block of the
// double opt-in email (decision 125). Only the mailbox's owner learns the code.
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/templates";
import { VisitorMailFooter, visitorMailFooterText } from "~/features/email/visitor-mail-footer";

export type OfferCodeEmailInput = { businessName: string; postalAddress: string; code: string; validity: string };

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function offerCodeEmail(input: OfferCodeEmailInput): EmailContent {
  const business = oneLine(input.businessName);
  const subject = `Your offer code from ${business}`;
  const html = emailHtml(
    <EmailDocument title={subject}>
      <p>Someone claimed the offer of {business} again with this email address. Here is the code it already has:</p>
      <OfferCodeBlock code={input.code} validity={input.validity} />
      <p>If this was not you, ignore this email: nothing else will be sent.</p>
      <VisitorMailFooter business={business} postalAddress={input.postalAddress} />
    </EmailDocument>,
  );
  const text = [
    `Someone claimed the offer of ${business} again with this email address. Here is the code it already has:`,
    "",
    ...offerCodeText(input),
    "",
    "If this was not you, ignore this email: nothing else will be sent.",
    "",
    ...visitorMailFooterText({ business, postalAddress: input.postalAddress }),
  ].join("\n");
  return { subject, html, text, senderName: business };
}
