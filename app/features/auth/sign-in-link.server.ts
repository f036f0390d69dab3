// "Email me a sign-in link": Better Auth's magic-link plugin, mailed through the outbox
// (sendSignInLink in account-emails.server.ts), opened on /signin/link.
// Rules: docs/features/accounts-and-billing.md ("Emailed sign-in links").
import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { verification } from "~/db/schema";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { isDomainError } from "~/utils/domain-error";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { onAddressVerified } from "./account-emails.server";
import { getAuth } from "./auth.server";

export type RequestSignInLinkOptions = { email: string; headers: Headers; clientAddress: string };

/**
 * Mails a sign-in link to an account's address, as the password reset does: per client, too many
 * requests throw DomainError `rate_limited`; per address, extra requests are silently not mailed.
 * An unknown address is not mailed either, and nothing here tells the caller which happened.
 */
export async function requestSignInLink({ email, headers, clientAddress }: RequestSignInLinkOptions) {
  await consumeRateLimit("signInLinkByAddress", clientBudgetKey(clientAddress));
  try {
    await consumeRateLimit("signInLinkByAccount", email);
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return;
    throw error;
  }
  const auth = await getAuth();
  await auth.api.signInMagicLink({ body: { email }, headers });
  nudgeEmailWorker();
}

/** The plugin stores the SHA-256 of the token (base64url, unpadded) under this identifier. */
async function storedIdentifier(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return `magic-link:${Buffer.from(digest).toString("base64url")}`;
}

/** The address a link would sign in, or null when it cannot (unknown, used, expired). */
export async function signInLinkAddress(db: Database, { token }: { token: string }) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, await storedIdentifier(token)), gt(verification.expiresAt, new Date())));
  if (!row) return null;
  try {
    const email = (JSON.parse(row.value) as { email?: unknown }).email;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

export type SignInWithLinkOptions = { token: string; headers: Headers; clientAddress: string };

/**
 * Uses the link (once: the plugin deletes its row as it signs in). Better Auth treats opening it as
 * proof of the address: an address not yet verified becomes verified, and a password or session
 * made before that proof is removed. Spends the sign-in budget of the client.
 */
export async function signInWithLink({
  token,
  headers,
  clientAddress,
}: SignInWithLinkOptions): Promise<{ ok: true; setCookies: string[] } | { ok: false }> {
  await consumeRateLimit("signInByAddress", clientBudgetKey(clientAddress));
  if (!token || token.length > 200) return { ok: false };
  const auth = await getAuth();
  try {
    const { headers: answer, response } = await auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true });
    // A just-proven address releases held lead notifications and ADMIN_EMAILS rights, as verification does.
    const { db, env } = await getServices();
    await onAddressVerified(db, env, response.user.id);
    return { ok: true, setCookies: answer.getSetCookie() };
  } catch (error) {
    // A used, expired or forged token: the plugin answers with a redirect carrying INVALID_TOKEN.
    if (isAPIError(error)) return { ok: false };
    throw error;
  }
}
