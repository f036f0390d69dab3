// What Better Auth's account callbacks do here: every mail goes through the outbox,
// and a verified address releases held lead notifications and ADMIN_EMAILS rights.
// Rules: docs/features/accounts-and-billing.md ("Recovery", "Verification and held notifications", "Changing email and
//   password", "Emailed sign-in links").
import crypto from "node:crypto";
import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, user, verification } from "~/db/schema";
import {
  emailChangeConfirmEmail,
  emailChangeNoticeEmail,
  leadSummaryEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  signInLinkEmail,
  verifyEmailEmail,
  type HeldLeadCount,
} from "~/features/email/account-emails";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailLanguageColumn, ownerLanguageFor, recipientLanguage } from "~/features/email/recipient-language.server";
import type { Env } from "~/utils/env.server";

type AccountUser = { id: string; email: string };

/**
 * The language of an email the member asked for themselves (sign-up, a new link, a reset): their
 * choice, else the browser of that request, else English (docs/features/visitor-languages.md).
 */
export function acceptLanguageOf(request: { headers: Headers } | undefined): string | null {
  return request?.headers.get("accept-language") ?? null;
}

export const VERIFY_EMAIL_EXPIRES_IN = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_IN = 60 * 60;
export const SIGN_IN_LINK_EXPIRES_IN = 15 * 60;

/*
 * Better Auth's change-email link is a signed token valid for its whole lifetime, any number of
 * times. We keep the one link an account may use (its hash, in Better Auth's own `verification`
 * table): opening it consumes it, a newer change replaces it, and a password change or reset
 * removes it.
 */
const emailChangeIdentifier = (userId: string) => `email-change:${userId}`;
const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

async function rememberEmailChangeLink(db: Database, userId: string, token: string) {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, emailChangeIdentifier(userId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: emailChangeIdentifier(userId),
      value: tokenHash(token),
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_EXPIRES_IN * 1000),
    });
  });
}

/** True once for the account's current change link; false for a used, replaced or voided one. */
export async function consumeEmailChangeLink(db: Database, userId: string, token: string) {
  const used = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, emailChangeIdentifier(userId)),
        eq(verification.value, tokenHash(token)),
        sql`${verification.expiresAt} > now()`,
      ),
    )
    .returning({ id: verification.id });
  return used.length > 0;
}

/**
 * Any password change (a reset or Settings) voids the account's pending reset and email-change
 * links: whoever asked for them may not be the owner, and the owner just proved
 * they need neither.
 */
export async function voidLinksAfterPasswordChange(db: Database, userId: string) {
  await db
    .delete(verification)
    .where(
      or(
        and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)),
        eq(verification.identifier, emailChangeIdentifier(userId)),
      ),
    );
}

export function verifyEmailLink(env: Env, token: string) {
  return `${env.appOrigin}/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(env: Env, token: string) {
  return `${env.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Better Auth calls this for a new address (sign-up, resend) and, with the *new* address in
 * `target.email`, for an email change; the stored address tells the two apart.
 */
export async function sendVerificationLink(db: Database, env: Env, target: AccountUser, token: string, acceptLanguage: string | null = null) {
  const [current] = await db
    .select({ email: user.email, language: user.language, browserLanguage: user.browserLanguage })
    .from(user)
    .where(eq(user.id, target.id));
  const link = verifyEmailLink(env, token);
  const newEmail = target.email.toLowerCase();
  const language = requestEmailLanguage(current, acceptLanguage);
  if (current && current.email !== newEmail) {
    await rememberEmailChangeLink(db, target.id, token);
    await enqueueEmail(db, { kind: "email_change_confirm", to: newEmail, content: emailChangeConfirmEmail(link, newEmail, language) });
    await enqueueEmail(db, { kind: "email_change_notice", to: current.email, content: emailChangeNoticeEmail(newEmail, env.appOrigin, language) });
    return;
  }
  await enqueueEmail(db, { kind: "verify_email", to: newEmail, content: verifyEmailEmail(link, env.appOrigin, language) });
}

/** The account's chosen language, else the browser of the request that asked (a reset, a link, a new password). */
async function languageOfAccount(db: Database, where: { id: string } | { email: string }, acceptLanguage: string | null) {
  const [row] = await db
    .select({ language: user.language, browserLanguage: user.browserLanguage })
    .from(user)
    .where("id" in where ? eq(user.id, where.id) : eq(user.email, where.email.toLowerCase()));
  return requestEmailLanguage(row, acceptLanguage);
}

/**
 * An email asked for in a request: the member's choice, else that request's browser, else (a call
 * with no request's headers, as Better Auth's own at sign-up) the browser language kept for them.
 */
function requestEmailLanguage(account: { language: string | null; browserLanguage: string | null } | undefined, acceptLanguage: string | null) {
  const row = account ?? { language: null, browserLanguage: null };
  return acceptLanguage ? ownerLanguageFor(row, acceptLanguage) : recipientLanguage(row.language ?? row.browserLanguage);
}

export async function sendResetLink(db: Database, env: Env, target: AccountUser, token: string, acceptLanguage: string | null = null) {
  const language = await languageOfAccount(db, { id: target.id }, acceptLanguage);
  await enqueueEmail(db, {
    kind: "reset_password",
    to: target.email,
    content: resetPasswordEmail(resetPasswordLink(env, token), env.appOrigin, language),
  });
}

export function signInLinkUrl(env: Env, token: string) {
  return `${env.appOrigin}/signin/link?token=${encodeURIComponent(token)}`;
}

/**
 * Better Auth asks for a sign-in link for any well-formed address; only an account's address is
 * mailed (an unknown one gets nothing, and the page answers the same).
 */
export async function sendSignInLink(db: Database, env: Env, target: { email: string; token: string }, acceptLanguage: string | null = null) {
  const [account] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.email, target.email.toLowerCase()));
  if (!account) return;
  await enqueueEmail(db, {
    kind: "sign_in_link",
    to: account.email,
    content: signInLinkEmail(signInLinkUrl(env, target.token), env.appOrigin, ownerLanguageFor(account, acceptLanguage)),
  });
}

/** After a reset: the notice, no other reset link left usable, and the owner's failed sign-ins forgotten. */
export async function afterPasswordReset(db: Database, env: Env, target: AccountUser, acceptLanguage: string | null = null) {
  const language = await languageOfAccount(db, { id: target.id }, acceptLanguage);
  await enqueueEmail(db, { kind: "password_changed", to: target.email, content: passwordChangedEmail(env.appOrigin, language) });
  await voidLinksAfterPasswordChange(db, target.id);
  await db.execute(sql`delete from rate_limit where starts_with(key, ${`signInByAccount:${target.email.toLowerCase()}|`})`);
}

/** Idempotent: runs whenever an address is proven (verification or a confirmed change). */
export async function onAddressVerified(db: Database, env: Env, userId: string) {
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified, language: emailLanguageColumn })
    .from(user)
    .where(eq(user.id, userId));
  if (!row?.verified) return;
  if (env.adminEmails.includes(row.email.toLowerCase())) {
    await db.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, userId));
  }
  await releaseHeldLeadNotifications(db, env, { userId, to: row.email, language: row.language });
}

/**
 * Held new-lead and digest rows of the owner's campaigns become one summary email. The worker
 * never claims them while the owner is unverified, so they are still pending here.
 */
export async function releaseHeldLeadNotifications(db: Database, env: Env, options: { userId: string; to: string; language?: string | null }) {
  return db.transaction(async (tx) => {
    const folded = (await tx.execute(sql`
      update email_outbox o
         set status = 'folded', locked_until = null, last_error = 'folded into the summary sent on verification'
        from campaign c
       where c.id = o.campaign_id and c.user_id = ${options.userId}
         and o.kind in ('new_lead', 'lead_digest') and o.status = 'pending'
      returning o.campaign_id, o.kind, (select count(*)::int from email_outbox d where d.digest_id = o.id) as folded`)) as unknown as {
      rows: Array<{ campaign_id: string; kind: string; folded: number }>;
    };
    if (folded.rows.length === 0) return 0;
    // Each held new-lead email stood for one lead, each held digest for the emails folded into it
    // (its subject says the same count, in the owner's language).
    const leadsByCampaign = new Map<string, number>();
    for (const row of folded.rows) {
      const leads = row.kind === "lead_digest" ? Math.max(1, Number(row.folded)) : 1;
      leadsByCampaign.set(row.campaign_id, (leadsByCampaign.get(row.campaign_id) ?? 0) + leads);
    }
    const titles = await tx
      .select({ id: campaign.id, title: campaign.title })
      .from(campaign)
      .where(inArray(campaign.id, [...leadsByCampaign.keys()]));
    const campaigns: HeldLeadCount[] = titles.map((row) => ({ campaignTitle: row.title, leads: leadsByCampaign.get(row.id) ?? 0 }));
    if (campaigns.length === 0) return 0;
    campaigns.sort((a, b) => a.campaignTitle.localeCompare(b.campaignTitle));
    await enqueueEmail(tx as unknown as Database, {
      kind: "lead_summary",
      to: options.to,
      content: leadSummaryEmail(campaigns, env.appOrigin, recipientLanguage(options.language)),
    });
    return campaigns.reduce((sum, row) => sum + row.leads, 0);
  });
}
