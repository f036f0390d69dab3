// The only email a visitor may receive from the consent flow: plain, no advertising, names the
// business and what was agreed to, and carries a one-click withdraw link (issue 14). It also
// carries the offer code the visitor claimed (issue 15, decision 125): the code only, no offer copy.
import { renderToStaticMarkup } from "react-dom/server";
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import type { EmailContent } from "~/features/email/templates";
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
  const address = input.postalAddress.trim();
  const offerCode = input.offerCode;
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <html lang="en">
        <body style={{ fontFamily: "Arial, sans-serif", color: "#111827" }}>
          <div style={{ maxWidth: 560, margin: "0 auto", padding: 24 }}>
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
            <p style={{ color: "#6B7280", fontSize: 12, marginTop: 32 }}>
              {business}
              {address ? (
                <>
                  <br />
                  {address.split("\n").map((line, index) => (
                    <span key={index}>
                      {index > 0 ? <br /> : null}
                      {line}
                    </span>
                  ))}
                </>
              ) : null}
              <br />
              Sent by LeadQR on behalf of {business}.
            </p>
          </div>
        </body>
      </html>,
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
    "--",
    business,
    ...(address ? address.split("\n").map((line) => line.trim()) : []),
    `Sent by LeadQR on behalf of ${business}.`,
  ].join("\n");
  return { subject, html, text };
}

/** RFC 2369 + RFC 8058: mail clients show an unsubscribe button that posts once, no page needed. */
export function listUnsubscribeHeaders(withdrawUrl: string) {
  return { "List-Unsubscribe": `<${withdrawUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
