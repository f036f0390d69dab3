/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// Rules: docs/features/domains.md ("White label"); docs/features/emails.md ("Decided once settled", "The outbox", "One
//   email per lead, folded under a surge").
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { dateTimeFormat } from "~/utils/dates";

export type EmailContent = {
  subject: string;
  html: string;
  text: string;
  /** Visitor mail's display name, whole ("{business} via LeadQR"), at our address. */
  senderName?: string;
};

/**
 * The document every email is: a viewport (phone clients otherwise zoom out to a desktop width), a
 * column at most 560 px wide that shrinks with the window, and words that wrap rather than widen it.
 */
export function EmailDocument({
  title,
  children,
  language = { lang: "en" },
}: {
  title: string;
  children: ReactNode;
  /** A visitor email's language and direction (the owner's emails are English). */
  language?: { lang: string; dir?: "ltr" | "rtl" };
}) {
  return (
    <html lang={language.lang} dir={language.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, fontFamily: "Arial, sans-serif", color: "#111827", background: "#F9FAFB", overflowWrap: "anywhere" }}>
        <div style={{ maxWidth: 560, margin: "0 auto", padding: 24, background: "#FFFFFF", boxSizing: "border-box" }}>{children}</div>
      </body>
    </html>
  );
}

// Rendered with React so every interpolated value is escaped.
function Layout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <EmailDocument title={title}>
      <h1 style={{ color: "#1E40AF", fontSize: 22 }}>{title}</h1>
      {children}
      <p style={{ color: "#6B7280", fontSize: 12, marginTop: 32 }}>LeadQR · QR-code lead capture</p>
    </EmailDocument>
  );
}

/** An email's HTML: the doctype and the static markup of a React element. */
export function emailHtml(document: ReactNode) {
  return "<!doctype html>" + renderToStaticMarkup(document);
}

export function render(subject: string, body: ReactNode, text: string): EmailContent {
  return { subject, html: emailHtml(<Layout title={subject}>{body}</Layout>), text };
}

export type NewLeadDetails = {
  name: string;
  email: string;
  phone: string | null;
  campaignTitle: string;
  businessType: string;
  /** The lead's page, when the lead is stored. */
  leadId?: string;
  /** The offer code the visitor drew, when the campaign gives one (formatted as shown). */
  offerCode?: string | null;
  /** The named placement whose code was scanned; none means the campaign's own code. */
  placement?: string | null;
  /** When the lead arrived, shown in the owner's zone (UTC until the owner's browser told us theirs). */
  receivedAt?: Date;
  ownerTimeZone?: string | null;
  /** The language the visitor read the page in, named in itself with its code ("Español (es)"). */
  language?: string | null;
};

/** "Nov 25, 2026, 2:05 PM (Europe/Paris)": the zone is named, so a UTC fallback is never mistaken. */
export function timeInZone(at: Date, timeZone?: string | null) {
  let zone = timeZone || "UTC";
  let formatted: string;
  try {
    formatted = dateTimeFormat("en-US", zone, { dateStyle: "medium", timeStyle: "short" }).format(at);
  } catch {
    zone = "UTC";
    formatted = dateTimeFormat("en-US", zone, { dateStyle: "medium", timeStyle: "short" }).format(at);
  }
  return `${formatted} (${zone})`;
}

/** The per-lead email to the owner: reusable by whoever decides when it is sent (content in docs/features/new-lead-email.md). */
/** The new-lead email's subject: stored with the lead, the body rendered when sent. */
export function newLeadSubject(campaignTitle: string) {
  return `New lead for ${oneLine(campaignTitle)}`;
}

export function newLeadEmail(lead: NewLeadDetails, appUrl: string): EmailContent {
  const dial = lead.phone ? lead.phone.replace(/[^\d+]/g, "") : "";
  const rows: Array<[string, string, string | null]> = [
    ["Name", lead.name, null],
    ["Email", lead.email, `mailto:${lead.email}`],
    ["Phone", lead.phone ?? "Not provided", dial ? `tel:${dial}` : null],
    ...(lead.offerCode ? [["Offer code", lead.offerCode, null] as [string, string, null]] : []),
    ["Scanned from", lead.placement ?? "campaign code", null],
    ...(lead.receivedAt ? [["Received", timeInZone(lead.receivedAt, lead.ownerTimeZone), null] as [string, string, null]] : []),
    ...(lead.language ? [["Language", lead.language, null] as [string, string, null]] : []),
    ["Campaign", lead.campaignTitle, null],
    ["Business type", lead.businessType, null],
  ];
  const leadLink = lead.leadId ? `${appUrl}/leads/${lead.leadId}` : `${appUrl}/leads`;
  const linkText = lead.leadId ? "Open this lead" : "See all your leads";
  return render(
    newLeadSubject(lead.campaignTitle),
    <>
      <p>You have a new lead from your QR campaign.</p>
      <table cellPadding={6} role="presentation" style={{ width: "100%", tableLayout: "fixed" }}>
        <tbody>
          {rows.map(([label, value, href]) => (
            <tr key={label}>
              <th align="left" style={{ width: "35%", verticalAlign: "top" }}>
                {label}
              </th>
              <td>{href ? <a href={href}>{value}</a> : value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a href={leadLink}>{linkText}</a>
      </p>
    </>,
    rows.map(([label, value]) => `${label}: ${oneLine(value)}`).join("\n") + `\n\n${linkText}: ${leadLink}`,
  );
}

/** Leads of a surge, in one email instead of one each: "47 new leads for Summer Special since 14:05 UTC". */
export function leadDigestEmail(campaignTitle: string, count: number, since: string, appUrl: string): EmailContent {
  const leads = count === 1 ? "1 new lead" : `${count} new leads`;
  return render(
    `${leads} for ${oneLine(campaignTitle)} since ${since}`,
    <>
      <p>
        Your campaign {campaignTitle} received {leads} since {since}. We bundled them into this message so your inbox stays usable.
      </p>
      <p>
        <a href={`${appUrl}/leads`}>See them on your Leads page</a>
      </p>
    </>,
    `Your campaign ${oneLine(campaignTitle)} received ${leads} since ${since}. See them: ${appUrl}/leads`,
  );
}

export function proWelcomeEmail(appUrl: string): EmailContent {
  const benefits = [
    "Unlimited campaigns",
    "Unlimited QR scans",
    "Every lead visible and exportable",
    "Advanced analytics",
    "Custom branding",
    "Priority support",
  ];
  return render(
    "Welcome to LeadQR Pro!",
    <>
      <p>Thank you for upgrading. Your Pro plan is active:</p>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p>
        <a href={`${appUrl}/dashboard`}>Go to your dashboard</a>
      </p>
    </>,
    `Welcome to LeadQR Pro! ${benefits.join(", ")}. ${appUrl}/dashboard`,
  );
}

/** Header values must not carry line breaks (header injection). */
export function oneLine(value: string) {
  return value.replace(/[\r\n]+/g, " ").slice(0, 120);
}
