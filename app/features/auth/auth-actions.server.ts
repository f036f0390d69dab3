import { isAPIError } from "better-auth/api";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { isDomainError } from "~/utils/domain-error";
import type { FormResult } from "~/utils/form";
import { parseSubmission } from "~/utils/http.server";
import { consumeRateLimit, signInAccountKey } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { CredentialsSchema } from "./auth.schema";
import { weakPasswordReasons } from "./password";
import { notifyTakenAddress } from "./probing.server";
import { promoteVerifiedAdmin } from "./roles.server";

/** `result` is set when the fields failed the schema: the form shows those errors at the fields. */
export type AuthActionData = { error: string; reasons?: string[]; email?: string; taken?: boolean; result?: FormResult };

/** Shown (a handful of times per client per hour) when the address already has an account. */
export const ADDRESS_TAKEN = "An account with this email already exists";

const GENERIC_FAILURE = "Authentication failed";

export type CredentialsOptions = {
  /** The posted fields, unparsed: the schema here is the authority. */
  email: unknown;
  password: unknown;
  /** The browser's request headers: Better Auth reads its cookies and origin from them. */
  headers: Headers;
  clientAddress: string;
};

/** Signed in (the session cookies to set), or refused with the status and what the form shows. */
export type AuthOutcome = { ok: true; setCookies: string[] } | { ok: false; status: number; body: AuthActionData };

const refused = (status: number, body: AuthActionData): AuthOutcome => ({ ok: false, status, body });

function parseCredentials({ email, password }: CredentialsOptions) {
  const fields: Record<string, string> = {};
  if (typeof email === "string") fields.email = email;
  if (typeof password === "string") fields.password = password;
  const parsed = parseSubmission(CredentialsSchema, fields, { hideFields: ["password"] });
  return { parsed, typedEmail: (fields.email ?? "").slice(0, 254) };
}

/** The schema refused the fields: the first message, and the reply that puts each at its field. */
function invalid(parsed: { fieldErrors: Record<string, string>; result: FormResult }, email: string) {
  return refused(400, { error: Object.values(parsed.fieldErrors)[0]!, email, result: parsed.result });
}

export async function signIn(options: CredentialsOptions): Promise<AuthOutcome> {
  const { parsed, typedEmail } = parseCredentials(options);
  if (!parsed.ok) return invalid(parsed, typedEmail);
  const { email, password } = parsed.value;
  try {
    await consumeRateLimit("signInByAddress", options.clientAddress);
    // Per account *and* client: strangers elsewhere cannot lock the owner out (decision 133).
    await consumeRateLimit("signInByAccount", signInAccountKey(email, options.clientAddress));
    const { auth, env } = await getServices();
    const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: options.headers, returnHeaders: true });
    // An account listed in ADMIN_EMAILS after it was created becomes admin on its next sign-in,
    // provided its address is verified.
    if (env.adminEmails.includes(email)) await promoteVerifiedAdmin(email);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return refused(error.status, { error: error.message, email });
    // Unknown email and wrong password share one answer, so accounts cannot be discovered.
    if (isAPIError(error)) return refused(401, { error: "Invalid email or password", email });
    throw error;
  }
}

export async function signUp(options: CredentialsOptions): Promise<AuthOutcome> {
  const { parsed, typedEmail } = parseCredentials(options);
  if (!parsed.ok) return invalid(parsed, typedEmail);
  const { email, password } = parsed.value;
  const reasons = weakPasswordReasons(password, email);
  if (reasons.length > 0) return refused(422, { error: "Password is too weak", reasons, email });
  try {
    await consumeRateLimit("signUpByAddress", options.clientAddress);
    const { auth } = await getServices();
    const { headers } = await auth.api.signUpEmail({
      body: { email, password, name: email.split("@")[0]! },
      headers: options.headers,
      returnHeaders: true,
    });
    nudgeEmailWorker();
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return refused(error.status, { error: error.message, email });
    if (isAPIError(error) && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return addressTaken(options.clientAddress, email);
    if (isAPIError(error)) return refused(error.statusCode >= 500 ? 500 : 400, { error: error.body?.message || GENERIC_FAILURE, email });
    throw error;
  }
}

/**
 * The spec signs a new account in at once, so a taken address cannot look like a success; the
 * answer is bounded per client instead, and the owner hears about it (decision 134).
 */
async function addressTaken(clientAddress: string, email: string): Promise<AuthOutcome> {
  try {
    await consumeRateLimit("signUpTakenByAddress", clientAddress);
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return refused(error.status, { error: error.message, email });
    throw error;
  }
  if (await notifyTakenAddress(email)) nudgeEmailWorker();
  return refused(400, { error: ADDRESS_TAKEN, email, taken: true });
}

/** Ends the session the headers carry; the cookies that clear it (none when there was no session). */
export async function signOut(options: { headers: Headers }): Promise<{ setCookies: string[] }> {
  const { auth } = await getServices();
  try {
    const { headers } = await auth.api.signOut({ headers: options.headers, returnHeaders: true });
    return { setCookies: headers.getSetCookie() };
  } catch (error) {
    // No session to end: the visitor is already signed out.
    if (isAPIError(error)) return { setCookies: [] };
    throw error;
  }
}
