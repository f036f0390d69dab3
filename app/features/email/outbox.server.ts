import type { SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { EmailContent } from "./templates";

type OutboxKind = (typeof emailOutbox.$inferInsert)["kind"];

/**
 * Queues an email. Pass the transaction that makes the change the email is about, so both
 * commit together (DESIGN principle 4); the worker sends it. `notBefore` delays it (digests).
 */
export async function enqueueEmail(
  db: Pick<Database, "insert">,
  email: {
    kind: OutboxKind;
    to: string;
    content: EmailContent;
    campaignId?: string;
    /** The lead the email is about: erasing the lead removes the email. */
    leadId?: string;
    headers?: Record<string, string>;
    createdAt?: SQL | Date;
    notBefore?: SQL | Date;
  },
) {
  await db.insert(emailOutbox).values({
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
  });
}
