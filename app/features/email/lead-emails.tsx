// Rules: docs/features/domains.md ("White label"); docs/features/emails.md ("Decided once settled", "The outbox", "One
//   email per lead, folded under a surge"); docs/features/visitor-languages.md ("The owner's screens": an owner's or
//   member's email is in their language).
import { Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DEFAULT_LANGUAGE, directionOf, INTL_LOCALES, numberFormat, type Language } from "~/features/languages/languages";
import { ownerT, type OwnerKey } from "~/features/languages/owner/owner-language";
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
  /** The email's language and direction (a visitor's, or the owner's or member's it is sent to). */
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
function Layout({ title, children, language }: { title: string; children: ReactNode; language: Language }) {
  const t = emailT(language);
  return (
    <EmailDocument title={title} language={{ lang: language, dir: language === DEFAULT_LANGUAGE ? undefined : directionOf(language) }}>
      <h1 style={{ color: "#1E40AF", fontSize: 22 }}>{title}</h1>
      {children}
      <p style={{ color: "#6B7280", fontSize: 12, marginTop: 32 }}>{t("footer")}</p>
    </EmailDocument>
  );
}

/** The words of the owner's and members' emails, in the recipient's language. */
export function emailT(language: Language = DEFAULT_LANGUAGE) {
  return ownerT("emails", language);
}

/**
 * A counted phrase ("1,240 leads"; "1.240 Leads" in German): the form chosen by the count, the
 * count written in the language's digits and separators (i18next alone would write "1240").
 */
export function countedIn(language: Language, key: OwnerKey<"emails">, count: number, values: Record<string, string | number> = {}): string {
  return emailPlain(language, key, { ...values, count: numberFormat(language).format(count) }, count);
}

/** An email's HTML: the doctype and the static markup of a React element. */
export function emailHtml(document: ReactNode) {
  return "<!doctype html>" + renderToStaticMarkup(document);
}

type Values = Record<string, string | number>;

/**
 * A sentence of the catalogue with its values, its tags ("<strong>", "<link>") still in: the values
 * go in after the tags are read, so a name with "<" in it stays text. `count` picks the plural form.
 */
function sentence(language: Language, key: OwnerKey<"emails">, values: Values, count?: number) {
  const t = ownerT("emails", language) as unknown as (key: string, options: Record<string, unknown>) => string;
  const tokens = Object.fromEntries(Object.keys(values).map((name) => [name, `\u0001${name}\u0002`]));
  const text = t(key, { ...(count === undefined ? {} : { count }), replace: tokens });
  const fill = (part: string) => part.replace(/\u0001(\w+)\u0002/g, (_, name: string) => String(values[name]));
  return { text, fill };
}

/** A sentence with markup, as React nodes: each tag becomes the element `tags` makes of its words. */
export function emailMarkup(
  language: Language,
  key: OwnerKey<"emails">,
  values: Values,
  tags: Record<string, (children: string) => ReactElement>,
  count?: number,
): ReactNode {
  const { text, fill } = sentence(language, key, values, count);
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const found of text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    if (found.index > last) nodes.push(fill(text.slice(last, found.index)));
    const make = tags[found[1]!];
    nodes.push(<Fragment key={found.index}>{make ? make(fill(found[2]!)) : fill(found[2]!)}</Fragment>);
    last = found.index + found[0].length;
  }
  if (last < text.length) nodes.push(fill(text.slice(last)));
  return <>{nodes}</>;
}

/** The same sentence as plain text, its tags left out (an email's text part). */
export function emailPlain(language: Language, key: OwnerKey<"emails">, values: Values, count?: number): string {
  const { text, fill } = sentence(language, key, values, count);
  return fill(text.replace(/<\/?\w+>/g, ""));
}

/** An owner's or member's email in their language (English unless told). */
export function render(subject: string, body: ReactNode, text: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  return {
    subject,
    html: emailHtml(
      <Layout title={subject} language={language}>
        {body}
      </Layout>,
    ),
    text,
  };
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

/** "Nov 25, 2026, 2:05 PM (Europe/Paris)" (in the language's forms): the zone is named, so a UTC fallback is never mistaken. */
export function timeInZone(at: Date, timeZone?: string | null, language: Language = DEFAULT_LANGUAGE) {
  const locale = INTL_LOCALES[language];
  let zone = timeZone || "UTC";
  let formatted: string;
  try {
    formatted = dateTimeFormat(locale, zone, { dateStyle: "medium", timeStyle: "short" }).format(at);
  } catch {
    zone = "UTC";
    formatted = dateTimeFormat(locale, zone, { dateStyle: "medium", timeStyle: "short" }).format(at);
  }
  return `${formatted} (${zone})`;
}

/** The per-lead email to the owner: reusable by whoever decides when it is sent (content in docs/features/new-lead-email.md). */
/** The new-lead email's subject: stored with the lead (English), rendered again in the owner's language when sent. */
export function newLeadSubject(campaignTitle: string, language: Language = DEFAULT_LANGUAGE) {
  return emailT(language)("newLead.subject", { campaign: oneLine(campaignTitle) });
}

export function newLeadEmail(lead: NewLeadDetails, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const dial = lead.phone ? lead.phone.replace(/[^\d+]/g, "") : "";
  const rows: Array<[string, string, string | null]> = [
    [t("newLead.name"), lead.name, null],
    [t("newLead.email"), lead.email, `mailto:${lead.email}`],
    [t("newLead.phone"), lead.phone ?? t("newLead.notProvided"), dial ? `tel:${dial}` : null],
    ...(lead.offerCode ? [[t("newLead.offerCode"), lead.offerCode, null] as [string, string, null]] : []),
    [t("newLead.scannedFrom"), lead.placement ?? t("newLead.campaignCode"), null],
    ...(lead.receivedAt ? [[t("newLead.received"), timeInZone(lead.receivedAt, lead.ownerTimeZone, language), null] as [string, string, null]] : []),
    ...(lead.language ? [[t("newLead.language"), lead.language, null] as [string, string, null]] : []),
    [t("newLead.campaign"), lead.campaignTitle, null],
    [t("newLead.businessType"), lead.businessType, null],
  ];
  const leadLink = lead.leadId ? `${appUrl}/leads/${lead.leadId}` : `${appUrl}/leads`;
  const linkText = lead.leadId ? t("newLead.openLead") : t("newLead.allLeads");
  return render(
    newLeadSubject(lead.campaignTitle, language),
    <>
      <p>{t("newLead.intro")}</p>
      <table cellPadding={6} role="presentation" style={{ width: "100%", tableLayout: "fixed" }}>
        <tbody>
          {rows.map(([label, value, href]) => (
            <tr key={label}>
              <th align={language === "ar" ? "right" : "left"} style={{ width: "35%", verticalAlign: "top" }}>
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
    language,
  );
}

/** Leads of a surge, in one email instead of one each: "47 new leads for Summer Special since 14:05 UTC". */
export function leadDigestEmail(
  campaignTitle: string,
  count: number,
  since: string,
  appUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): EmailContent {
  const t = emailT(language);
  const link = `${appUrl}/leads`;
  return render(
    t("digest.subject", { count, campaign: oneLine(campaignTitle), since }),
    <>
      <p>{t("digest.body", { count, campaign: campaignTitle, since })}</p>
      <p>
        <a href={link}>{t("digest.link")}</a>
      </p>
    </>,
    t("digest.text", { count, campaign: oneLine(campaignTitle), since, link }),
    language,
  );
}

const PRO_BENEFITS = ["campaigns", "scans", "leads", "analytics", "branding", "support"] as const;

export function proWelcomeEmail(appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const benefits = PRO_BENEFITS.map((benefit) => t(`proWelcome.benefits.${benefit}`));
  const subject = t("proWelcome.subject");
  return render(
    subject,
    <>
      <p>{t("proWelcome.thanks")}</p>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p>
        <a href={`${appUrl}/dashboard`}>{t("proWelcome.link")}</a>
      </p>
    </>,
    `${subject} ${benefits.join(", ")}. ${appUrl}/dashboard`,
    language,
  );
}

/** Header values must not carry line breaks (header injection). */
export function oneLine(value: string) {
  return value.replace(/[\r\n]+/g, " ").slice(0, 120);
}
