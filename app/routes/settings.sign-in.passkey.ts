// Adding a passkey from /settings/sign-in (docs/features/accounts-and-billing.md, "Passkeys"): the
// page's script posts `intent=options`, asks the authenticator, then posts `intent=verify`.
import { describeDevice } from "~/features/account/sessions.server";
import {
  CeremonyAnswerSchema,
  PASSKEY_NEEDS_FRESH_SIGN_IN,
  PASSKEY_NOT_ADDED,
  PasskeyNameSchema,
  type AddPasskeyRefusal,
} from "~/features/auth/passkeys";
import { addPasskey, passkeyRegistrationOptions } from "~/features/auth/passkeys.server";
import { requireSignedIn } from "~/features/auth/session.server";
import { formFields, readForm, setCookieHeaders } from "~/utils/http.server";
import type { Route } from "./+types/settings.sign-in.passkey";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

const REFUSAL: Record<AddPasskeyRefusal, { error: string; status: number }> = {
  stale_session: { error: PASSKEY_NEEDS_FRESH_SIGN_IN, status: 403 },
  failed: { error: PASSKEY_NOT_ADDED, status: 400 },
};

/** Every role may add a passkey to their own sign-in (staff included: that is who it is for). */
export async function action({ request }: Route.ActionArgs) {
  await requireSignedIn(request);
  const fields = formFields(await readForm(request));
  if (fields.intent === "options") {
    const ceremony = await passkeyRegistrationOptions({ headers: request.headers });
    if ("refusal" in ceremony) return Response.json({ error: REFUSAL[ceremony.refusal].error }, { status: REFUSAL[ceremony.refusal].status });
    return Response.json({ options: ceremony.options }, { headers: setCookieHeaders(ceremony.setCookies) });
  }
  if (fields.intent !== "verify") return Response.json({ error: "Unknown action" }, { status: 400 });
  const named = PasskeyNameSchema.safeParse(fields);
  if (!named.success) return Response.json({ error: named.error.issues[0]!.message }, { status: 400 });
  const answer = CeremonyAnswerSchema.safeParse(fields);
  if (!answer.success) return Response.json({ error: PASSKEY_NOT_ADDED }, { status: 400 });
  const name = named.data.name || describeDevice(request.headers.get("user-agent"));
  const outcome = await addPasskey({ headers: request.headers, response: answer.data.response, name });
  if (!outcome.ok) return Response.json({ error: REFUSAL[outcome.refusal].error }, { status: REFUSAL[outcome.refusal].status });
  return Response.json({ ok: true });
}
