import { eq } from "drizzle-orm";
import { user } from "~/db/schema";
import { onAddressVerified } from "~/features/auth/account-emails.server";
import { signIn, signUp, type SignUpOutcome } from "~/features/auth/auth-actions.server";
import { getServices } from "~/utils/services.server";
import { INVITE_GONE as GONE } from "./team";
import { sessionIdOfCookies } from "./switcher.server";
import { acceptInvite, findInvite } from "./team.server";

type Browser = { headers: Headers; clientAddress: string };

export type JoinOutcome = { ok: true; setCookies: string[]; role: string } | { ok: false; error: string; reasons?: string[]; status: number };

/**
 * Accepting an emailed invitation without a session: a new sign-in is made with the invited
 * address (the link proves it, so it counts as verified), or an existing one signs in with its
 * password; then it joins the business.
 */
export async function joinWithPassword(options: Browser & { token: string; password: string; hasAccount: boolean }): Promise<JoinOutcome> {
  const { db, env } = await getServices();
  const invite = await findInvite(db, { token: options.token });
  if (invite.state !== "open") return { ok: false, error: GONE, status: 410 };
  const credentials = { email: invite.email, password: options.password, headers: options.headers, clientAddress: options.clientAddress };
  const outcome = options.hasAccount ? await signIn(credentials) : await signUp(credentials);
  if (!outcome.ok) return refusalOf(outcome);
  const [row] = await db.select({ id: user.id, verified: user.emailVerified }).from(user).where(eq(user.email, invite.email));
  if (!options.hasAccount && row && !row.verified) {
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, row.id));
    await onAddressVerified(db, env, row.id);
  }
  const sessionId = row ? await sessionIdOfCookies(db, outcome.setCookies) : null;
  if (!row || !(await acceptInvite(db, { token: options.token, userId: row.id, email: invite.email, sessionId })))
    return { ok: false, error: GONE, status: 410 };
  return { ok: true, setCookies: outcome.setCookies, role: invite.role };
}

function refusalOf(outcome: Extract<SignUpOutcome, { ok: false }> | { ok: false; refusal: "wrong_credentials" }): JoinOutcome {
  switch (outcome.refusal) {
    case "weak_password":
      return { ok: false, error: "Password is too weak", reasons: outcome.reasons, status: 422 };
    case "wrong_credentials":
      return { ok: false, error: "That password is not right for this address.", status: 400 };
    case "address_taken":
      return { ok: false, error: "This address already has a LeadQR sign-in: enter its password instead.", status: 400 };
    default:
      return { ok: false, error: outcome.message, status: outcome.byServer ? 503 : 400 };
  }
}
