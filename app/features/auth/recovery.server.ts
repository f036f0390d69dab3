// Forgot / reset password and email verification, on Better Auth's endpoints.
// Rules: docs/features/accounts-and-billing.md ("Recovery");
//   docs/decisions/161-http-in-routes-and-one-data-function-shape.md.
import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { user, verification } from "~/db/schema";
import { updateBillingEmail } from "~/features/billing/billing-email.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { isDomainError } from "~/utils/domain-error";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { getServices } from "~/utils/services.server";
import { consumeEmailChangeLink, onAddressVerified } from "./account-emails.server";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";
import { weakPasswordReasons } from "./password";
import { getAuth } from "./auth.server";

export type RequestPasswordResetOptions = {
  /** Parsed with `EmailRequestSchema`. */
  email: string;
  /** The browser's request headers: Better Auth reads its origin from them. */
  headers: Headers;
  clientAddress: string;
};

/**
 * Mails a reset link. Per client, too many requests throw DomainError `rate_limited`; per
 * address, extra requests are silently not mailed, so a stranger can neither flood an inbox nor
 * learn anything, and the owner's earlier links stay valid.
 */
export async function requestPasswordReset({ email, headers, clientAddress }: RequestPasswordResetOptions) {
  await consumeRateLimit("passwordResetByAddress", clientBudgetKey(clientAddress));
  try {
    await consumeRateLimit("passwordResetByAccount", email);
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return;
    throw error;
  }
  const auth = await getAuth();
  await auth.api.requestPasswordReset({ body: { email }, headers });
  nudgeEmailWorker();
}

export type IsResetTokenUsableOptions = { token: string };

/** Whether a reset link can still be used (exists, not expired, not consumed). */
export async function isResetTokenUsable(db: Database, { token }: IsResetTokenUsableOptions) {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return Boolean(row);
}

export type ResetPasswordOptions = {
  /** Parsed with `ResetPasswordSchema`. */
  token: string;
  password: string;
  headers: Headers;
  clientAddress: string;
};

/** The link no longer works, or the password is too weak for this account (`reasons` for the password field). */
export type ResetPasswordOutcome = { state: "done"; userId: string } | { state: "invalid" } | { state: "weak"; reasons: string[] };

/** Sets the new password; too many attempts from one client throw DomainError `rate_limited`. */
export async function resetPassword(db: Database, { token, password, headers, clientAddress }: ResetPasswordOptions): Promise<ResetPasswordOutcome> {
  await consumeRateLimit("resetPasswordByAddress", clientBudgetKey(clientAddress));
  const [owner] = token
    ? await db
        .select({ id: user.id, email: user.email })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    : [];
  if (!owner) return { state: "invalid" };
  const reasons = weakPasswordReasons(password, owner.email);
  if (password.length < PASSWORD_MIN_LENGTH && !reasons.length) reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (reasons.length) return { state: "weak", reasons };
  const auth = await getAuth();
  try {
    await auth.api.resetPassword({ body: { newPassword: password, token }, headers });
  } catch (error) {
    if (isAPIError(error)) return { state: "invalid" };
    throw error;
  }
  nudgeEmailWorker();
  return { state: "done", userId: owner.id };
}

export type VerifyOutcome = { state: "verified" } | { state: "changed"; email: string } | { state: "invalid" };

export type OpenVerificationLinkOptions = { token: string; headers: Headers };

/** Opens a verification or email-change link. Returns the outcome and any cookies to set. */
export async function openVerificationLink(
  db: Database,
  { token, headers }: OpenVerificationLinkOptions,
): Promise<{ outcome: VerifyOutcome; setCookies: string[] }> {
  if (!token || token.length > 2000) return { outcome: { state: "invalid" }, setCookies: [] };
  const { env } = await getServices();
  const auth = await getAuth();
  // A change link works once, and only while it is the account's latest (see account-emails).
  const claimed = readTokenPayload(token);
  const isChangeLink = typeof claimed?.updateTo === "string" && typeof claimed.userId === "string";
  if (isChangeLink && !(await consumeEmailChangeLink(db, claimed!.userId!, token))) {
    return { outcome: { state: "invalid" }, setCookies: [] };
  }
  let setCookies: string[] = [];
  try {
    const answer = await auth.api.verifyEmail({ query: { token }, headers, returnHeaders: true });
    setCookies = answer.headers.getSetCookie();
  } catch (error) {
    if (isAPIError(error)) return { outcome: { state: "invalid" }, setCookies: [] };
    throw error;
  }
  // Better Auth has checked the signature; the payload says what kind of link it was.
  const payload = readTokenPayload(token);
  if (payload?.updateTo && payload.userId) {
    // Opening the link proved the new address: it counts as verified, and billing follows it.
    await db
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, payload.userId), eq(user.email, payload.updateTo)));
    await onAddressVerified(db, env, payload.userId);
    await updateBillingEmail(db, { userId: payload.userId, email: payload.updateTo });
    nudgeEmailWorker();
    return { outcome: { state: "changed", email: payload.updateTo }, setCookies };
  }
  nudgeEmailWorker();
  return { outcome: { state: "verified" }, setCookies };
}

function readTokenPayload(token: string): { updateTo?: string; userId?: string } | null {
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * Better Auth sends the mail and the rate limiter keeps the budget: no `db`.
 * `headers` are the browser's request headers.
 */
export type ResendVerificationOptions = { user: { id: string; email: string; emailVerified: boolean }; headers: Headers };

export type ResendVerificationOutcome = "resent" | "already_verified" | "not_sent";

/** Mails a new confirmation link; too many from one account throw DomainError `rate_limited`. */
export async function resendVerification({ user: sessionUser, headers }: ResendVerificationOptions): Promise<ResendVerificationOutcome> {
  if (sessionUser.emailVerified) return "already_verified";
  await consumeRateLimit("verifyResendByUser", sessionUser.id);
  const auth = await getAuth();
  try {
    await auth.api.sendVerificationEmail({ body: { email: sessionUser.email }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    logger.warn({ err: error, userId: sessionUser.id }, "verification email not resent");
    return "not_sent";
  }
  nudgeEmailWorker();
  return "resent";
}
