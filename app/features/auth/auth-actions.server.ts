import { isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { clientAddress, consumeRateLimit, signInAccountKey } from "~/utils/rate-limit.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { CredentialsSchema } from "./auth.schema";
import { weakPasswordReasons } from "./password";
import { promoteVerifiedAdmin } from "./roles.server";
import { notifyTakenAddress } from "./probing.server";
import { isDomainError } from "~/utils/domain-error";

export type AuthActionData = { error: string; reasons?: string[]; email?: string; taken?: boolean };

/** Shown (a handful of times per client per hour) when the address already has an account. */
export const ADDRESS_TAKEN = "An account with this email already exists";

const GENERIC_FAILURE = "Authentication failed";

function failure(status: number, body: AuthActionData) {
  return data(body, { status });
}

async function readCredentials(request: Request) {
  const form = await readForm(request);
  const parsed = CredentialsSchema.safeParse({
    email: form.get("email") ?? undefined,
    password: form.get("password") ?? undefined,
  });
  return { parsed, typedEmail: String(form.get("email") ?? "").slice(0, 254) };
}

export async function signIn(request: Request) {
  const { parsed, typedEmail } = await readCredentials(request);
  if (!parsed.success) {
    return failure(400, { error: parsed.error.issues[0]!.message, email: typedEmail });
  }
  const { email, password } = parsed.data;
  try {
    await consumeRateLimit("signInByAddress", clientAddress(request));
    // Per account *and* client: strangers elsewhere cannot lock the owner out (decision 133).
    await consumeRateLimit("signInByAccount", signInAccountKey(email, request));
    const { auth, env } = await getServices();
    const { headers } = await auth.api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    // An account listed in ADMIN_EMAILS after it was created becomes admin on its next sign-in,
    // provided its address is verified.
    if (env.adminEmails.includes(email)) await promoteVerifiedAdmin(email);
    return redirect("/dashboard", { headers: cookieHeaders(headers) });
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return failure(429, { error: error.message, email });
    // Unknown email and wrong password share one answer, so accounts cannot be discovered.
    if (isAPIError(error)) return failure(401, { error: "Invalid email or password", email });
    throw error;
  }
}

export async function signUp(request: Request) {
  const { parsed, typedEmail } = await readCredentials(request);
  if (!parsed.success) {
    return failure(400, { error: parsed.error.issues[0]!.message, email: typedEmail });
  }
  const { email, password } = parsed.data;
  const reasons = weakPasswordReasons(password, email);
  if (reasons.length > 0) {
    return failure(422, { error: "Password is too weak", reasons, email });
  }
  try {
    await consumeRateLimit("signUpByAddress", clientAddress(request));
    const { auth } = await getServices();
    const { headers } = await auth.api.signUpEmail({
      body: { email, password, name: email.split("@")[0]! },
      headers: request.headers,
      returnHeaders: true,
    });
    nudgeEmailWorker();
    return redirect("/dashboard", { headers: cookieHeaders(headers) });
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return failure(429, { error: error.message, email });
    if (isAPIError(error) && error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      return addressTaken(request, email);
    }
    if (isAPIError(error)) {
      return failure(error.statusCode >= 500 ? 500 : 400, {
        error: error.body?.message || GENERIC_FAILURE,
        email,
      });
    }
    throw error;
  }
}

/**
 * The spec signs a new account in at once, so a taken address cannot look like a success; the
 * answer is bounded per client instead, and the owner hears about it (decision 134).
 */
async function addressTaken(request: Request, email: string) {
  try {
    await consumeRateLimit("signUpTakenByAddress", clientAddress(request));
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return failure(429, { error: error.message, email });
    throw error;
  }
  if (await notifyTakenAddress(email)) nudgeEmailWorker();
  return failure(400, { error: ADDRESS_TAKEN, email, taken: true });
}

export async function signOut(request: Request) {
  const { auth } = await getServices();
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return redirect("/", { headers: cookieHeaders(headers) });
  } catch (error) {
    // No session to end: the visitor is already signed out.
    if (isAPIError(error)) return redirect("/");
    throw error;
  }
}

function cookieHeaders(source: Headers) {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
