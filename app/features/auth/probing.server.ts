import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox, user } from "~/db/schema";
import { signUpAttemptEmail } from "~/features/email/account-emails";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailLanguageColumn, recipientLanguage } from "~/features/email/recipient-language.server";
import { getServices } from "~/utils/services.server";

/** The account holder's language: the attempt was someone else's request, so not that browser's. */
async function languageOfAddress(db: Database, email: string) {
  const [account] = await db.select({ language: emailLanguageColumn }).from(user).where(eq(user.email, email.toLowerCase()));
  return recipientLanguage(account?.language);
}

/**
 * Tells the address's owner that someone tried to sign up with it, at most once a day; the
 * outbox is the record of when we last did. True when an email was queued.
 */
export async function notifyTakenAddress(email: string) {
  const { db, env } = await getServices();
  return db.transaction(async (tx) => {
    // One notice at a time per address, even under parallel attempts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup_attempt:${email}`}))`);
    const [recent] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "signup_attempt"), eq(emailOutbox.to, email), gt(emailOutbox.createdAt, sql`now() - interval '1 day'`)))
      .limit(1);
    if (recent) return false;
    await enqueueEmail(tx, { kind: "signup_attempt", to: email, content: signUpAttemptEmail(env.appOrigin, await languageOfAddress(tx, email)) });
    return true;
  });
}
