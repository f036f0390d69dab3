// Forgot / reset password and email verification, on Better Auth's endpoints (decision 130).
import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import { user, verification } from "~/db/schema";
import { updateBillingEmail } from "~/features/account/account.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { logger } from "~/utils/logger.server";
import { clientAddress, consumeRateLimit } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { onAddressVerified } from "./account-emails.server";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";
import { weakPasswordReasons } from "./password";
import { isDomainError } from "~/utils/domain-error";
import { ForgotPasswordSchema, ResetPasswordSchema } from "./recovery";
import type { FormResult } from "~/utils/form";
import { parseSubmission } from "~/utils/http.server";

export { PASSWORD_RESET_DONE, RESET_LINK_INVALID, RESET_REQUESTED, VERIFY_LINK_INVALID } from "./recovery";

export type ForgotResult = { sent?: true; error?: string; email?: string; result?: FormResult };

/**
 * Always the same answer for any well-formed address. Per client, too many requests get the
 * rate-limit refusal; per address, extra requests are silently not mailed, so a stranger can
 * neither flood an inbox nor learn anything, and the owner's earlier links stay valid.
 */
export async function requestPasswordReset(request: Request, fields: Record<string, string>): Promise<{ status: number; body: ForgotResult }> {
  const typed = (fields.email ?? "").slice(0, 254);
  const parsed = parseSubmission(ForgotPasswordSchema, { email: fields.email ?? "" });
  if (!parsed.ok) return { status: 400, body: { error: parsed.fieldErrors.email, email: typed, result: parsed.result } };
  const { email } = parsed.value;
  try {
    await consumeRateLimit("passwordResetByAddress", clientAddress(request));
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return { status: 429, body: { error: error.message, email } };
    throw error;
  }
  let mail = true;
  try {
    await consumeRateLimit("passwordResetByAccount", email);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    mail = false;
  }
  if (mail) {
    const { auth } = await getServices();
    await auth.api.requestPasswordReset({ body: { email }, headers: request.headers });
    nudgeEmailWorker();
  }
  return { status: 200, body: { sent: true, email } };
}

/** Whether a reset link can still be used (exists, not expired, not consumed). */
export async function isResetTokenUsable(token: string) {
  if (!token || token.length > 200) return false;
  const { db } = await getServices();
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return Boolean(row);
}

export type ResetResult = { done?: true; invalid?: true; error?: string; fieldErrors?: Record<string, string>; result?: FormResult };

export async function resetPassword(request: Request, fields: Record<string, string>): Promise<{ status: number; body: ResetResult }> {
  const parsed = parseSubmission(ResetPasswordSchema, fields, { hideFields: ["password", "confirmPassword", "token"] });
  if (!parsed.ok) return { status: 400, body: { fieldErrors: parsed.fieldErrors, result: parsed.result } };
  const { token, password } = parsed.value;
  try {
    await consumeRateLimit("resetPasswordByAddress", clientAddress(request));
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return { status: 429, body: { error: error.message } };
    throw error;
  }
  const { auth, db } = await getServices();
  const [owner] = token
    ? await db
        .select({ email: user.email })
        .from(verification)
        .innerJoin(user, eq(user.id, verification.value))
        .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())))
    : [];
  if (!owner) return { status: 400, body: { invalid: true } };
  const reasons = weakPasswordReasons(password, owner.email);
  if (password.length < PASSWORD_MIN_LENGTH && !reasons.length) reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (reasons.length) return { status: 422, body: { fieldErrors: { password: reasons.join(". ") } } };
  try {
    await auth.api.resetPassword({ body: { newPassword: password, token }, headers: request.headers });
  } catch (error) {
    if (isAPIError(error)) return { status: 400, body: { invalid: true } };
    throw error;
  }
  nudgeEmailWorker();
  return { status: 200, body: { done: true } };
}

export type VerifyOutcome = { state: "verified" } | { state: "changed"; email: string } | { state: "invalid" };

/** Opens a verification or email-change link. Returns the outcome and any cookies to set. */
export async function openVerificationLink(request: Request, token: string): Promise<{ outcome: VerifyOutcome; setCookies: string[] }> {
  if (!token || token.length > 2000) return { outcome: { state: "invalid" }, setCookies: [] };
  const { auth, db, env } = await getServices();
  let setCookies: string[] = [];
  try {
    const { headers } = await auth.api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true });
    setCookies = headers.getSetCookie();
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
    await updateBillingEmail(payload.userId, payload.updateTo);
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

export type ResendResult = { resent?: true; error?: string };

export async function resendVerification(
  request: Request,
  sessionUser: { id: string; email: string; emailVerified: boolean },
): Promise<{ status: number; body: ResendResult }> {
  if (sessionUser.emailVerified) return { status: 200, body: { error: "Your email address is already confirmed." } };
  try {
    await consumeRateLimit("verifyResendByUser", sessionUser.id);
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return { status: 429, body: { error: error.message } };
    throw error;
  }
  const { auth } = await getServices();
  try {
    await auth.api.sendVerificationEmail({ body: { email: sessionUser.email }, headers: request.headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    logger.warn({ err: error, userId: sessionUser.id }, "verification email not resent");
    return { status: 400, body: { error: "We could not send a new link. Please try again later." } };
  }
  nudgeEmailWorker();
  return { status: 200, body: { resent: true } };
}
