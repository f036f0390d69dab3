/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { Link } from "react-router";
import { data, redirect } from "react-router";
import { cardClass } from "~/components/ui/card";
import { PageHeader } from "~/components/page-header";
import { PASSKEY_REMOVED, PasskeyRemoveSchema } from "~/features/auth/passkeys";
import { listPasskeys, removePasskey } from "~/features/auth/passkeys.server";
import { PasskeysSection } from "~/features/auth/passkeys-section";
import { requireSignedIn } from "~/features/auth/session.server";
import { LanguageSection } from "~/features/account/language-section";
import { updateLanguage } from "~/features/account/account.server";
import { ownerLanguageChoice } from "~/features/languages/owner/owner-language.server";
import { formFields, readForm, submit } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.sign-in";

/** Every role manages its own ways in (a staff member has no other settings screen). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireSignedIn(request);
  const { db } = await getServices();
  return {
    email: user.email,
    // Where "back" leads: staff to their counter, managers and viewers to their dashboard (Settings is the owner's).
    back: backOf(user.membership?.role),
    // Every role chooses the language of its own screens here; an owner also on Settings.
    language: ownerLanguageChoice(user.language ?? undefined) ?? null,
    passkeys: await listPasskeys(db, { userId: user.id }),
  };
}

function backOf(role: string | undefined) {
  if (role === "staff") return { to: "/redeem", label: "Back to the counter" };
  if (role === "manager" || role === "viewer") return { to: "/dashboard", label: "Back to the dashboard" };
  return { to: "/settings", label: "Back to settings" };
}

type ActionData = { message?: string; error?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireSignedIn(request);
  const fields = formFields(await readForm(request));
  if (fields.intent === "language") {
    const chosen = ownerLanguageChoice(fields.language);
    if (chosen === undefined) return data<ActionData>({ error: "Unknown action" }, { status: 400 });
    const { db } = await getServices();
    await updateLanguage(db, { userId: user.id, language: chosen });
    return redirect("/settings/sign-in#section-language");
  }
  if (fields.intent !== "remove") return data<ActionData>({ error: "Unknown action" }, { status: 400 });
  const parsed = submit(PasskeyRemoveSchema, fields, { reply: (fieldErrors): ActionData => ({ error: Object.values(fieldErrors)[0] }) });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const removed = await removePasskey(db, { userId: user.id, passkeyId: parsed.value.passkeyId });
  // Another person's or an already removed passkey: the same answer, nothing changed.
  return data<ActionData>(removed ? { message: PASSKEY_REMOVED } : { error: "That passkey was already removed." }, { status: removed ? 200 : 404 });
}

export default function SignInSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { back } = loaderData;
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:space-y-6 sm:px-6 sm:py-8">
      <Link to={back.to} className="text-sm font-medium text-blue-600 hover:text-blue-700">
        ← {back.label}
      </Link>
      <PageHeader title="Sign-in and passkeys" description={`How ${loaderData.email} signs in to LeadQR.`} />
      <PasskeysSection passkeys={loaderData.passkeys} result={actionData} />
      <LanguageSection chosen={loaderData.language} />
      <section aria-labelledby="section-other-ways" className={cardClass({ padding: "section" })}>
        <h2 id="section-other-ways" className="text-lg font-semibold text-gray-900">
          Other ways in
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>Your email address and password, as always.</li>
          <li>
            <span className="font-medium">Email me a sign-in link</span> on the sign-in page: a link to your address that signs you in once, within 15
            minutes.
          </li>
        </ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Sign-in and Passkeys · LeadQR" }];
