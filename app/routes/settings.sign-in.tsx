import { Link } from "react-router";
import { data, redirect } from "react-router";
import { cardClass } from "~/components/ui/card";
import { PageHeader } from "~/components/page-header";
import { PasskeyRemoveSchema } from "~/features/auth/passkeys";
import { listPasskeys, removePasskey } from "~/features/auth/passkeys.server";
import { PasskeysSection } from "~/features/auth/passkeys-section";
import { requireSignedIn } from "~/features/auth/session.server";
import { LanguageSection } from "~/features/account/language-section";
import { updateLanguage } from "~/features/account/account.server";
import { OwnerTrans, ownerLanguageIn, ownerT, useOwnerT, type OwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageChoice, ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
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
    back: backOf(user.membership?.role, ownerT("auth", ownerLanguageFor(user, request.headers.get("accept-language")))),
    // Every role chooses the language of its own screens here; an owner also on Settings.
    language: ownerLanguageChoice(user.language ?? undefined) ?? null,
    passkeys: await listPasskeys(db, { userId: user.id }),
  };
}

function backOf(role: string | undefined, t: OwnerT<"auth">) {
  if (role === "staff") return { to: "/redeem", label: t("signInSettings.backToCounter") };
  if (role === "manager" || role === "viewer") return { to: "/dashboard", label: t("signInSettings.backToDashboard") };
  return { to: "/settings", label: t("signInSettings.backToSettings") };
}

type ActionData = { message?: string; error?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireSignedIn(request);
  const t = ownerT("auth", ownerLanguageFor(user, request.headers.get("accept-language")));
  const fields = formFields(await readForm(request));
  if (fields.intent === "language") {
    const chosen = ownerLanguageChoice(fields.language);
    if (chosen === undefined) return data<ActionData>({ error: t("signInSettings.unknownAction") }, { status: 400 });
    const { db } = await getServices();
    await updateLanguage(db, { userId: user.id, language: chosen });
    return redirect("/settings/sign-in#section-language");
  }
  if (fields.intent !== "remove") return data<ActionData>({ error: t("signInSettings.unknownAction") }, { status: 400 });
  // The only field is the passkey's id, which the form sends: a refusal means none was chosen.
  const parsed = submit(PasskeyRemoveSchema, fields, { reply: (): ActionData => ({ error: t("passkeys.choose") }) });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const removed = await removePasskey(db, { userId: user.id, passkeyId: parsed.value.passkeyId });
  // Another person's or an already removed passkey: the same answer, nothing changed.
  return data<ActionData>(removed ? { message: t("passkeys.removed") } : { error: t("passkeys.alreadyRemoved") }, { status: removed ? 200 : 404 });
}

export default function SignInSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("auth");
  const { back } = loaderData;
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:space-y-6 sm:px-6 sm:py-8">
      <Link to={back.to} className="text-sm font-medium text-blue-600 hover:text-blue-700">
        {t("signInSettings.back", { label: back.label })}
      </Link>
      <PageHeader title={t("signInSettings.title")} description={t("signInSettings.description", { email: loaderData.email })} />
      <PasskeysSection passkeys={loaderData.passkeys} result={actionData} />
      <LanguageSection chosen={loaderData.language} />
      <section aria-labelledby="section-other-ways" className={cardClass({ padding: "section" })}>
        <h2 id="section-other-ways" className="text-lg font-semibold text-gray-900">
          {t("signInSettings.otherWays")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>{t("signInSettings.password")}</li>
          <li>
            <OwnerTrans ns="auth" k="signInSettings.emailLink" components={{ strong: <span className="font-medium" /> }} />
          </li>
        </ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("auth", ownerLanguageIn(matches))("signInSettings.pageTitle") }];
