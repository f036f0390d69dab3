// Adding a passkey from /settings/sign-in (docs/features/accounts-and-billing.md, "Passkeys"): the
// page's script posts `intent=options`, asks the authenticator, then posts `intent=verify`.
import { describeDevice } from "~/features/account/sessions.server";
import { CeremonyAnswerSchema, PASSKEY_NAME_MAX, PasskeyNameSchema, type AddPasskeyRefusal } from "~/features/auth/passkeys";
import { addPasskey, passkeyRegistrationOptions } from "~/features/auth/passkeys.server";
import { requireSignedIn } from "~/features/auth/session.server";
import { ownerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { formFields, readForm, setCookieHeaders } from "~/utils/http.server";
import type { Route } from "./+types/settings.sign-in.passkey";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

const REFUSAL: Record<AddPasskeyRefusal, { key: "passkeys.needsFreshSignIn" | "passkeys.notAdded"; status: number }> = {
  stale_session: { key: "passkeys.needsFreshSignIn", status: 403 },
  failed: { key: "passkeys.notAdded", status: 400 },
};

/** Every role may add a passkey to their own sign-in (staff included: that is who it is for); refusals in their language. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireSignedIn(request);
  const t = ownerT("auth", ownerLanguageFor(user, request.headers.get("accept-language")));
  const refused = (refusal: AddPasskeyRefusal) => Response.json({ error: t(REFUSAL[refusal].key) }, { status: REFUSAL[refusal].status });
  const fields = formFields(await readForm(request));
  if (fields.intent === "options") {
    const ceremony = await passkeyRegistrationOptions({ headers: request.headers });
    if ("refusal" in ceremony) return refused(ceremony.refusal);
    return Response.json({ options: ceremony.options }, { headers: setCookieHeaders(ceremony.setCookies) });
  }
  if (fields.intent !== "verify") return Response.json({ error: t("signInSettings.unknownAction") }, { status: 400 });
  // The name is the only field the person types; its one rule is its length.
  const named = PasskeyNameSchema.safeParse(fields);
  if (!named.success) return Response.json({ error: t("passkeys.nameTooLong", { max: PASSKEY_NAME_MAX }) }, { status: 400 });
  const answer = CeremonyAnswerSchema.safeParse(fields);
  if (!answer.success) return refused("failed");
  const name = named.data.name || describeDevice(request.headers.get("user-agent"));
  const outcome = await addPasskey({ headers: request.headers, response: answer.data.response, name });
  if (!outcome.ok) return refused(outcome.refusal);
  return Response.json({ ok: true });
}
