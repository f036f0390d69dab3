// Rules: docs/features/emails.md ("The outbox").
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { EmailContent } from "./lead-emails";

type OutboxKind = PgInsertValue<typeof emailOutbox>["kind"];

export type OutboxEmail = {
  kind: OutboxKind;
  to: string;
  content: EmailContent;
  campaignId?: string;
  /** The lead the email is about: erasing the lead removes the email. */
  leadId?: string;
  headers?: Record<string, string>;
  createdAt?: SQL | Date;
  notBefore?: SQL | Date;
};

/**
 * Queues an email. Pass the transaction that makes the change the email is about, so both
 * commit together, or neither does; the worker sends it. `notBefore` delays it (digests).
 */
export async function enqueueEmail(db: Pick<Database, "insert">, email: OutboxEmail) {
  await db.insert(emailOutbox).values(outboxRowOf(email));
}

/** The outbox row of an email: one shape whether it is queued alone or with a batch of leads. */
export function outboxRowOf(email: OutboxEmail): PgInsertValue<typeof emailOutbox> {
  return {
    kind: email.kind,
    to: email.to,
    subject: email.content.subject,
    html: email.content.html,
    text: email.content.text,
    campaignId: email.campaignId,
    leadId: email.leadId,
    headers: email.headers,
    senderName: email.content.senderName ?? null,
    ...(email.createdAt ? { createdAt: email.createdAt } : {}),
    ...(email.notBefore ? { nextAttemptAt: email.notBefore } : {}),
  };
}
