// Passkeys (WebAuthn) through Better Auth's passkey plugin, called on the server like every other
// auth flow here (its HTTP handler is not mounted): each ceremony is two posts, the options (with
// a signed challenge cookie) and the browser's answer.
// Rules: docs/features/accounts-and-billing.md ("Passkeys").
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { isAPIError } from "better-auth/api";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passkey } from "~/db/schema";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { enPasskeys } from "~/features/languages/owner/en-passkeys";
import { getAuth } from "./auth.server";
import type { AddPasskeyRefusal } from "./passkeys";

/** The passkeys' answers in English (the owner catalogue's): what the sign-in page (signed out) answers; a signed-in member's go through ownerT("auth", language). */
export const PASSKEY_NOT_RECOGNISED = enPasskeys.notRecognised;
export const PASSKEY_NEEDS_FRESH_SIGN_IN = enPasskeys.needsFreshSignIn;
export const PASSKEY_REMOVED = enPasskeys.removed;

export type Ceremony = { options: unknown; setCookies: string[] };

export type PasskeyRow = { id: string; name: string; createdAt: string };

/** The signed-in user's passkeys, oldest first: name and date only (never the key material). */
export async function listPasskeys(db: Database, { userId }: { userId: string }): Promise<PasskeyRow[]> {
  const rows = await db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id));
  return rows.map((row) => ({ id: row.id, name: row.name || "Passkey", createdAt: (row.createdAt ?? new Date(0)).toISOString() }));
}

/** Removes one of the user's own passkeys; false when it is not theirs or already gone. */
export async function removePasskey(db: Database, { userId, passkeyId }: { userId: string; passkeyId: string }) {
  const removed = await db
    .delete(passkey)
    .where(and(eq(passkey.id, passkeyId), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  return removed.length > 0;
}

/**
 * Registration options for the signed-in user. Better Auth asks for a session made within the
 * last day (`freshAge`) before a new way in is added: an older one is refused as `stale_session`.
 */
export async function passkeyRegistrationOptions({ headers }: { headers: Headers }): Promise<Ceremony | { refusal: AddPasskeyRefusal }> {
  const auth = await getAuth();
  try {
    const { headers: answer, response } = await auth.api.generatePasskeyRegistrationOptions({ headers, returnHeaders: true });
    return { options: response, setCookies: answer.getSetCookie() };
  } catch (error) {
    if (isAPIError(error)) return { refusal: error.body?.code === "SESSION_NOT_FRESH" ? "stale_session" : "failed" };
    throw error;
  }
}

export type AddPasskeyOptions = { headers: Headers; response: Record<string, unknown>; name: string };

/** Stores the passkey the browser made, under `name`. */
export async function addPasskey({ headers, response, name }: AddPasskeyOptions): Promise<{ ok: true } | { ok: false; refusal: AddPasskeyRefusal }> {
  const auth = await getAuth();
  try {
    await auth.api.verifyPasskeyRegistration({ body: { response, name }, headers });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, refusal: error.body?.code === "SESSION_NOT_FRESH" ? "stale_session" : "failed" };
    throw error;
  }
}

/**
 * Options for signing in with any passkey of this site (discoverable credentials: no email asked).
 * Each stores a challenge, so each spends the client's sign-in budget (a spent one throws
 * DomainError `rate_limited`); the answer can only use the challenge once.
 */
export async function passkeySignInOptions({ headers, clientAddress }: { headers: Headers; clientAddress: string }): Promise<Ceremony> {
  await consumeRateLimit("signInByAddress", clientBudgetKey(clientAddress));
  const auth = await getAuth();
  const { headers: answer, response } = await auth.api.generatePasskeyAuthenticationOptions({ headers, returnHeaders: true });
  return { options: response, setCookies: answer.getSetCookie() };
}

/** Signs in with the browser's answer: the session cookies, or a refusal that says nothing more. */
export async function signInWithPasskey({ headers, response }: { headers: Headers; response: Record<string, unknown> }) {
  const auth = await getAuth();
  try {
    const { headers: answer } = await auth.api.verifyPasskeyAuthentication({
      body: {
        // Typed as SimpleWebAuthn's JSON; the library checks the shape (a wrong one is a refusal).
        response: response as unknown as AuthenticationResponseJSON,
      },
      headers,
      returnHeaders: true,
    });
    return { ok: true as const, setCookies: answer.getSetCookie() };
  } catch (error) {
    if (isAPIError(error)) return { ok: false as const };
    throw error;
  }
}
