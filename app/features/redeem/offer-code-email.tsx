// The offer code sent to the address it was claimed with, when someone submits that address again
// (issue 25 finding 4): a receipt, not an advertisement (no offer copy), like the code block of the
// double opt-in email (decision 125). Only the mailbox's owner learns the code.
import { renderToStaticMarkup } from "react-dom/server";
import { OfferCodeBlock, offerCodeText } from "~/features/email/offer-code-block";
import type { EmailContent } from "~/features/email/templates";

export type OfferCodeEmailInput = { businessName: string; postalAddress: string; code: string; validity: string };

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function offerCodeEmail(input: OfferCodeEmailInput): EmailContent {
  const business = oneLine(input.businessName);
  const address = input.postalAddress.trim();
  const addressLines = address ? address.split("\n").map((line) => line.trim()) : [];
  const subject = `Your offer code from ${business}`;
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <html lang="en">
        <head>
          <meta name="viewport" content="width=device-width, initial-scale=1" />
        </head>
        <body style={{ fontFamily: "Arial, sans-serif", color: "#111827" }}>
          <div style={{ maxWidth: 560, margin: "0 auto", padding: 24 }}>
            <p>Someone claimed the offer of {business} again with this email address. Here is the code it already has:</p>
            <OfferCodeBlock code={input.code} validity={input.validity} />
            <p>If this was not you, ignore this email: nothing else will be sent.</p>
            <p style={{ color: "#6B7280", fontSize: 12, marginTop: 32 }}>
              {business}
              {addressLines.map((line, index) => (
                <span key={index}>
                  <br />
                  {line}
                </span>
              ))}
              <br />
              Sent by LeadQR on behalf of {business}.
            </p>
          </div>
        </body>
      </html>,
    );
  const text = [
    `Someone claimed the offer of ${business} again with this email address. Here is the code it already has:`,
    "",
    ...offerCodeText(input),
    "",
    "If this was not you, ignore this email: nothing else will be sent.",
    "",
    "--",
    business,
    ...addressLines,
    `Sent by LeadQR on behalf of ${business}.`,
  ].join("\n");
  return { subject, html, text };
}
