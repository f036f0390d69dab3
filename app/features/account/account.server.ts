// Rules: docs/features/accounts-and-billing.md ("Recovery", "Sessions").
import { isAPIError } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessProfile, subscription, user } from "~/db/schema";
import { voidLinksAfterPasswordChange } from "~/features/auth/account-emails.server";
import { weakPasswordReasons } from "~/features/auth/password";
import { getStripe } from "~/features/billing/stripe.server";
import { deleteUploadsOfUser } from "~/features/uploads/storage.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { getAuth } from "~/features/auth/auth.server";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";

export type ProfileResult =
  { ok: true; message: string; setCookies?: string[] } | { ok: false; fieldErrors: Record<string, string>; message?: string };

export type UpdateProfileOptions = {
  userId: string;
  /** The account's email now: the form's email differs from it when the owner changes it. */
  currentEmail: string;
  /** The browser's request headers: Better Auth checks the password against their session. */
  headers: Headers;
  input: { email: string; currentPassword: string; newPassword: string };
  /** The member's language, for the answers (English unless given). */
  language?: Language;
};

/**
 * Changes email and/or password; both need the current password, so a borrowed session cannot take the account over.
 */
export async function updateProfile(db: Database, { userId, currentEmail, headers, input, language }: UpdateProfileOptions): Promise<ProfileResult> {
  const t = ownerT("refusals", language);
  const emailChanged = input.email !== currentEmail;
  const passwordChanged = input.newPassword.length > 0;
  if (!emailChanged && !passwordChanged) return { ok: false, fieldErrors: {}, message: t("answers.profile.nothing") };
  if (!input.currentPassword) {
    return { ok: false, fieldErrors: { currentPassword: t("answers.profile.currentNeeded") } };
  }
  if (passwordChanged) {
    const reasons = weakPasswordReasons(input.newPassword, input.email);
    if (reasons.length) return { ok: false, fieldErrors: { newPassword: reasons.join(". ") } };
  }

  const { env } = await getServices();
  const auth = await getAuth();
  // Admin addresses are reserved: taking one over by changing email must not be possible.
  if (emailChanged && env.adminEmails.includes(input.email)) {
    return { ok: false, fieldErrors: { email: t("answers.profile.emailTaken") } };
  }
  try {
    await auth.api.verifyPassword({ body: { password: input.currentPassword }, headers });
  } catch (error) {
    if (isAPIError(error)) return { ok: false, fieldErrors: { currentPassword: t("answers.profile.wrongPassword") } };
    throw error;
  }

  if (emailChanged) {
    const [taken] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, input.email), ne(user.id, userId)));
    if (taken) return { ok: false, fieldErrors: { email: t("answers.profile.emailTaken") } };
  }

  // The password first: it takes effect now. The email changes only once the new address
  // confirms (Better Auth's change-email link).
  if (passwordChanged) {
    await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
      headers,
    });
    // Revoking only the *other* sessions keeps this cookie valid, so a no-JavaScript form post
    // (whose loaders run with the same cookie) stays signed in.
    await auth.api.revokeOtherSessions({ headers });
    await voidLinksAfterPasswordChange(db, userId);
  }
  if (emailChanged) {
    await auth.api.changeEmail({ body: { newEmail: input.email }, headers });
    const message = t("answers.profile.confirmSent", { email: input.email });
    return { ok: true, message: passwordChanged ? t("answers.profile.passwordAndConfirm", { message }) : message };
  }
  return { ok: true, message: t("answers.profile.updated") };
}

export type GetBusinessNameOptions = { userId: string };

export async function getBusinessName(db: Database, { userId }: GetBusinessNameOptions) {
  const [row] = await db.select({ name: businessProfile.name }).from(businessProfile).where(eq(businessProfile.userId, userId));
  return row?.name ?? "";
}

export type UpdateBusinessNameOptions = {
  userId: string;
  /** Empty: no name (pages and emails fall back to the campaign's title). */
  name: string;
  /** The owner's browser zone when they saved it: times in their emails (docs/features/the-owners-first-hour.md). */
  timeZone?: string;
};

/** Settings and the campaign wizard both save the business name here (one business profile). */
export async function updateBusinessName(db: Database, { userId, name, timeZone }: UpdateBusinessNameOptions) {
  const set = { name, ...(timeZone ? { timeZone } : {}) };
  await db
    .insert(businessProfile)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: businessProfile.userId, set });
}

/** The language of a sign-in's own screens; null goes back to the browser's (docs/features/visitor-languages.md, "The owner's screens"). */
export async function updateLanguage(db: Database, { userId, language }: { userId: string; language: string | null }) {
  await db.update(user).set({ language }).where(eq(user.id, userId));
}

/** Keeps the owner's browser zone for the times in their emails, without touching the business name. */
export async function rememberTimeZone(db: Database, { userId, timeZone }: { userId: string; timeZone: string }) {
  await db.insert(businessProfile).values({ userId, name: "", timeZone }).onConflictDoUpdate({ target: businessProfile.userId, set: { timeZone } });
}

/** The owner's saved zone, or null while no browser of theirs has told us. */
export async function getSavedTimeZone(db: Database, { userId }: { userId: string }) {
  const [row] = await db.select({ timeZone: businessProfile.timeZone }).from(businessProfile).where(eq(businessProfile.userId, userId));
  return row?.timeZone ?? null;
}

export type GetSubscriptionPanelOptions = { userId: string };

/** The Settings page's subscription card: the plan's state and the card on file. */
export type SubscriptionPanel = Awaited<ReturnType<typeof getSubscriptionPanel>>;

export async function getSubscriptionPanel(db: Database, { userId }: GetSubscriptionPanelOptions) {
  const [row] = await db
    .select({
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      brand: subscription.paymentMethodBrand,
      last4: subscription.paymentMethodLast4,
      hasBillingAccount: subscription.stripeCustomerId,
    })
    .from(subscription)
    .where(eq(subscription.userId, userId));
  if (!row) return null;
  return {
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    card: row.last4 ? `${row.brand ?? "Card"} •••• ${row.last4}` : null,
    hasBillingAccount: Boolean(row.hasBillingAccount),
  };
}

export type DeleteAccountOptions = {
  userId: string;
  /** The browser's request headers: the session they carry is ended. */
  headers: Headers;
};

/**
 * Deletes the account and everything that is the user's. The Stripe subscription is canceled
 * first: if that fails nothing is deleted, so the user is never billed for a deleted account.
 */
export async function deleteAccount(db: Database, { userId, headers }: DeleteAccountOptions): Promise<{ setCookies: string[] }> {
  const auth = await getAuth();
  const [row] = await db
    .select({ subscriptionId: subscription.stripeSubscriptionId, status: subscription.status })
    .from(subscription)
    .where(eq(subscription.userId, userId));
  if (row?.subscriptionId && row.status !== "canceled") {
    const stripe = getStripe();
    if (!stripe) throw new Error("cannot cancel the Stripe subscription: Stripe is not configured");
    await stripe.subscriptions.cancel(row.subscriptionId);
  }
  const signedOut = await auth.api.signOut({ headers, returnHeaders: true });
  await deleteUploadsOfUser(userId);
  // Sessions, campaigns, scans, leads, subscription and profile go with the user (ON DELETE CASCADE).
  await db.delete(user).where(eq(user.id, userId));
  logger.info({ userId }, "account deleted");
  return { setCookies: signedOut.headers.getSetCookie() };
}
