// The sign-in page's passkey ceremony (docs/features/accounts-and-billing.md, "Passkeys"): the
// browser's script posts `intent=options`, asks the authenticator, then posts `intent=verify`.
import { CeremonyAnswerSchema } from "~/features/auth/passkeys";
import { PASSKEY_NOT_RECOGNISED } from "~/features/auth/passkeys.server";
import { passkeySignInOptions, signInWithPasskey } from "~/features/auth/passkeys.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { answerDomainError, formFields, readForm, setCookieHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/signin.passkey";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const fields = formFields(await readForm(request));
  if (fields.intent === "options") {
    return answerDomainError(async () => {
      const { options, setCookies } = await passkeySignInOptions({ headers: request.headers, clientAddress: clientAddress(request) });
      return Response.json({ options }, { headers: setCookieHeaders(setCookies) });
    });
  }
  if (fields.intent !== "verify") return Response.json({ error: "Unknown action" }, { status: 400 });
  const answer = CeremonyAnswerSchema.safeParse(fields);
  if (!answer.success) return Response.json({ error: PASSKEY_NOT_RECOGNISED }, { status: 400 });
  const outcome = await signInWithPasskey({ headers: request.headers, response: answer.data.response });
  if (!outcome.ok) return Response.json({ error: PASSKEY_NOT_RECOGNISED }, { status: 401 });
  // The dashboard sends a staff member on to the counter, as after a password.
  return Response.json({ to: "/dashboard" }, { headers: setCookieHeaders(outcome.setCookies) });
}
