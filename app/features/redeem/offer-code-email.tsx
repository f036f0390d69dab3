// The offer code sent to the mailbox it was claimed with: with the claim itself (decision 343), and
// again when someone submits that address once more (decision 224). A receipt, not an
// advertisement (no offer copy), like the code block of the double opt-in email (decision 125).
// Only the mailbox's owner learns the code from it.
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import { EmailDocument, emailHtml, type EmailContent } from "~/features/email/templates";
import { VisitorMailFooter, visitorMailFooterText } from "~/features/email/visitor-mail-footer";

export type OfferCodeEmailInput = { businessName: string; postalAddress: string; code: string; validity: string };

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Why the email was sent: the claim just made, or a later claim with the same address. */
export type OfferCodeOccasion = "claimed" | "claimed-again";

const WORDING: Record<OfferCodeOccasion, { intro: (business: string) => string; outro: string }> = {
  claimed: {
    intro: (business) => `Thanks for claiming the offer of ${business}. Here is your code:`,
    outro: "If you did not claim this offer, ignore this email.",
  },
  "claimed-again": {
    intro: (business) => `Someone claimed the offer of ${business} again with this email address. Here is the code it already has:`,
    outro: "If this was not you, ignore this email: nothing else will be sent.",
  },
};

export function offerCodeEmail(input: OfferCodeEmailInput, occasion: OfferCodeOccasion = "claimed-again"): EmailContent {
  const business = oneLine(input.businessName);
  const subject = `Your offer code from ${business}`;
  const wording = WORDING[occasion];
  const html = emailHtml(
    <EmailDocument title={subject}>
      <p>{wording.intro(business)}</p>
      <OfferCodeBlock code={input.code} validity={input.validity} />
      <p>{wording.outro}</p>
      <VisitorMailFooter business={business} postalAddress={input.postalAddress} />
    </EmailDocument>,
  );
  const text = [
    wording.intro(business),
    "",
    ...offerCodeText(input),
    "",
    wording.outro,
    "",
    ...visitorMailFooterText({ business, postalAddress: input.postalAddress }),
  ].join("\n");
  return { subject, html, text, senderName: business };
}
