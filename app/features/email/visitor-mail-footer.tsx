// The foot of every email to a visitor: who sent it and where the business is. Marketing mail must
// carry the sender's postal address (CAN-SPAM, the ePrivacy rules); Settings asks for it.
export type VisitorMailSender = {
  business: string;
  postalAddress: string;
  /** "Sent by LeadQR on behalf of {business}." in the visitor's language. */
  sentBy: string;
};

const addressLinesOf = (postalAddress: string) =>
  postalAddress
    .trim()
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

export function VisitorMailFooter({ business, postalAddress, sentBy }: VisitorMailSender) {
  return (
    <p style={{ color: "#6B7280", fontSize: 12, marginTop: 32 }}>
      {business}
      {addressLinesOf(postalAddress).map((line, index) => (
        <span key={index}>
          <br />
          {line}
        </span>
      ))}
      <br />
      {sentBy}
    </p>
  );
}

/** The plain-text part's lines for the same foot. */
export const visitorMailFooterText = ({ business, postalAddress, sentBy }: VisitorMailSender) => [
  "--",
  business,
  ...addressLinesOf(postalAddress),
  sentBy,
];
