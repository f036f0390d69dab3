// Rules: docs/features/domains.md ("White label"); docs/features/emails.md ("Sending at the provider's rate").
import nodemailer from "nodemailer";
import { Resend } from "resend";
import type { Env } from "~/utils/env.server";

export type OutgoingEmail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe on visitor emails); null for most. */
  headers?: Record<string, string> | null;
  /** Visitor mail: the business's name shown as the sender; the address stays EMAIL_FROM's. */
  senderName?: string | null;
};

/** The address of an email address with or without its display name ("Name <a@b>" or "a@b"). */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * The From of one email: EMAIL_FROM, or for visitor mail the sender name the email was written
 * with ("{business} via LeadQR", or the business alone on Enterprise: "White label") at
 * VISITOR_EMAIL_FROM's address when the operator set one (a neutral address: the operator's own
 * usually names the product), else EMAIL_FROM's, so the visitor sees who wrote while SPF/DKIM stay ours.
 */
export function senderOf(emailFrom: string, senderName?: string | null, visitorFrom?: string | null): { name: string; address: string } | string {
  if (!senderName) return emailFrom;
  const address = addressOf(visitorFrom || emailFrom);
  // Quotes, angle brackets and line breaks would break the header; the name is otherwise free text.
  const name = senderName
    .replace(/[\r\n"<>\\]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return name ? { name, address } : emailFrom;
}

/** The same sender as one header value (for APIs that take a string). */
export function senderHeader(sender: ReturnType<typeof senderOf>) {
  return typeof sender === "string" ? sender : `"${sender.name}" <${sender.address}>`;
}

/** One way out for email; the worker does not care which. */
export type EmailTransport = { name: "smtp" | "resend"; send(email: OutgoingEmail): Promise<void>; close(): void };

// Well under the worker's lease, so a hung server never lets a second worker resend a row.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpTransport(url: string, from: string, visitorFrom?: string): EmailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    name: "smtp",
    async send(email) {
      const sender = senderOf(from, email.senderName, visitorFrom);
      await transporter.sendMail({
        from: sender,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        // On the sender's own domain, as RFC 5322 suggests: no product name in a visitor's headers.
        messageId: `<${email.id}@${addressOf(typeof sender === "string" ? sender : sender.address).split("@")[1] || "localhost"}>`,
        ...(email.headers ? { headers: email.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

export function resendTransport(apiKey: string, from: string, visitorFrom?: string): EmailTransport {
  const resend = new Resend(apiKey);
  return {
    name: "resend",
    async send(email) {
      // The outbox id as idempotency key: a retry after a lost response is not a second email.
      const { error } = await resend.emails.send(
        {
          from: senderHeader(senderOf(from, email.senderName, visitorFrom)),
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          ...(email.headers ? { headers: email.headers } : {}),
        },
        { idempotencyKey: `outbox-${email.id}` },
      );
      // The error's name and status go along: the worker tells "slow down" (429) from a refusal.
      if (error) {
        const { statusCode } = error as { statusCode?: number | null };
        throw Object.assign(new Error(`Resend: ${error.name}: ${error.message}`), { name: error.name, ...(statusCode ? { statusCode } : {}) });
      }
    },
    close: () => {},
  };
}

/** SMTP when SMTP_URL is set, else Resend when RESEND_API_KEY is set, else none. */
export function transportFromEnv(env: Pick<Env, "SMTP_URL" | "RESEND_API_KEY" | "EMAIL_FROM" | "VISITOR_EMAIL_FROM">): EmailTransport | null {
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, env.EMAIL_FROM, env.VISITOR_EMAIL_FROM);
  if (env.RESEND_API_KEY) return resendTransport(env.RESEND_API_KEY, env.EMAIL_FROM, env.VISITOR_EMAIL_FROM);
  return null;
}
