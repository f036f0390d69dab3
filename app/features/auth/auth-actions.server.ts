// Rules: docs/features/accounts-and-billing.md ("Rate limits", "Bounded account probing").
import { isAPIError } from "better-auth/api";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import type { FormResult } from "~/utils/form";
import { submit } from "~/utils/http.server";
import { consumeRateLimit, signInAccountKey } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { getServices } from "~/utils/services.server";
import { CredentialsSchema, type Credentials } from "./auth.schema";
import { weakPasswordReasons } from "./password";
import { notifyTakenAddress } from "./probing.server";
import { promoteVerifiedAdmin } from "./roles.server";
import { getAuth } from "./auth.server";

/** `result` is set when the fields failed the schema: the form shows those errors at the fields. */
export type AuthActionData = { error: string; reasons?: string[]; email?: string; taken?: boolean; result?: FormResult };

/** Shown (a handful of times per client per hour) when the address already has an account. */
export const ADDRESS_TAKEN = "An account with this email already exists";

const GENERIC_FAILURE = "Authentication failed";

/** Sign-in and sign-up take the same parsed fields, with what Better Auth and the budgets need. */
export type CredentialsOptions = Credentials & {
  /** The browser's request headers: Better Auth reads its cookies and origin from them. */
  headers: Headers;
  clientAddress: string;
};

/**
 * The posted email and password through the shared schema (the browser validates with it too):
 * the values, or what the form shows (errors at their fields, the address as typed, never the
 * password).
 */
export function parseCredentials(fields: Record<string, string>) {
  const posted: Record<string, string> = {};
  if (fields.email !== undefined) posted.email = fields.email;
  if (fields.password !== undefined) posted.password = fields.password;
  return submit(CredentialsSchema, posted, {
    hideFields: ["password"],
    reply: (fieldErrors): AuthActionData => ({ error: Object.values(fieldErrors)[0]!, email: (fields.email ?? "").slice(0, 254) }),
  });
}

export type SignedIn = { ok: true; setCookies: string[] };

/** Signed in, or refused: an unknown email and a wrong password are one refusal (no account discovery). */
export type SignInOutcome = SignedIn | { ok: false; refusal: "wrong_credentials" };

/** A spent budget throws DomainError `rate_limited`. */
export async function signIn(options: CredentialsOptions): Promise<SignInOutcome> {
  const { email, password } = options;
  await consumeRateLimit("signInByAddress", clientBudgetKey(options.clientAddress));
  // Per account *and* client: strangers elsewhere cannot lock the owner out.
  await consumeRateLimit("signInByAccount", signInAccountKey(email, options.clientAddress));
  const { env } = await getServices();
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: options.headers, returnHeaders: true });
    // An account listed in ADMIN_EMAILS after it was created becomes admin on its next sign-in,
    // provided its address is verified.
    if (env.adminEmails.includes(email)) await promoteVerifiedAdmin(email);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, refusal: "wrong_credentials" };
    throw error;
  }
}

export type SignUpOutcome =
  | SignedIn
  | { ok: false; refusal: "weak_password"; reasons: string[] }
  /** The address has an account: the form says so, a bounded number of times per client. */
  | { ok: false; refusal: "address_taken" }
  /**
   * Better Auth refused for another reason: `message` is its own, for the form; `byServer` when
   * the fault was on our side (try again later) rather than in what was typed.
   */
  | { ok: false; refusal: "rejected"; message: string; byServer: boolean };

/** A spent budget throws DomainError `rate_limited`. */
export async function signUp(options: CredentialsOptions): Promise<SignUpOutcome> {
  const { email, password } = options;
  const reasons = weakPasswordReasons(password, email);
  if (reasons.length > 0) return { ok: false, refusal: "weak_password", reasons };
  await consumeRateLimit("signUpByAddress", clientBudgetKey(options.clientAddress));
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signUpEmail({
      body: { email, password, name: email.split("@")[0]! },
      headers: options.headers,
      returnHeaders: true,
    });
    nudgeEmailWorker();
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      await addressTaken(options.clientAddress, email);
      return { ok: false, refusal: "address_taken" };
    }
    if (isAPIError(error)) {
      return { ok: false, refusal: "rejected", message: error.body?.message || GENERIC_FAILURE, byServer: error.statusCode >= 500 };
    }
    throw error;
  }
}

/**
 * The spec signs a new account in at once, so a taken address cannot look like a success; the
 * answer is bounded per client instead (a spent budget throws `rate_limited`), and the owner
 * hears about it.
 */
async function addressTaken(clientAddress: string, email: string) {
  await consumeRateLimit("signUpTakenByAddress", clientBudgetKey(clientAddress));
  if (await notifyTakenAddress(email)) nudgeEmailWorker();
}

/** Ends the session the headers carry; the cookies that clear it (none when there was no session). */
export async function signOut(options: { headers: Headers }): Promise<{ setCookies: string[] }> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.signOut({ headers: options.headers, returnHeaders: true });
    return { setCookies: headers.getSetCookie() };
  } catch (error) {
    // No session to end: the visitor is already signed out.
    if (isAPIError(error)) return { setCookies: [] };
    throw error;
  }
}
