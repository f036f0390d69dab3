import { data, Form, redirect, useNavigation } from "react-router";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getSessionUser } from "~/features/auth/session.server";
import { SubmitButton } from "~/features/integrations/integrations-ui";
import { OwnerTrans, ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { joinWithPassword } from "~/features/team/join.server";
import { landingOf, type InvitedRole } from "~/features/team/team";
import { acceptInvite, findInvite, hasSignIn } from "~/features/team/team.server";
import { answerDomainError, formFields, readForm, setCookieHeaders, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/team-join";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const invite = await findInvite(db, { token: params.token });
  if (invite.state !== "open") return data({ invite: null, signedInAs: null, hasAccount: false }, { status: 410 });
  const signedIn = await getSessionUser(request);
  return {
    invite: { business: invite.business, role: invite.role as InvitedRole, email: invite.email },
    signedInAs: signedIn?.email ?? null,
    hasAccount: signedIn ? true : await hasSignIn(db, { email: invite.email }),
  };
}

type ActionData = { error?: string; reasons?: string[] };

export async function action({ request, params }: Route.ActionArgs) {
  const fields = formFields(await readForm(request));
  const { db } = await getServices();
  const signedIn = await getSessionUser(request);
  return answerDomainError(
    async () => {
      if (signedIn) {
        const invite = await findInvite(db, { token: params.token });
        const joined =
          invite.state === "open" &&
          (await acceptInvite(db, { token: params.token, userId: signedIn.id, email: signedIn.email, sessionId: signedIn.sessionId }));
        const gone = ownerT("team", ownerLanguageFor(signedIn, request.headers.get("accept-language")))("join.gone");
        if (!joined) return data<ActionData>({ error: gone }, { status: 410 });
        return redirect(landingOf(invite.role));
      }
      const outcome = await joinWithPassword({
        token: params.token,
        password: fields.password ?? "",
        hasAccount: fields.intent === "signin",
        headers: request.headers,
        clientAddress: clientAddress(request),
      });
      if (!outcome.ok) return data<ActionData>({ error: outcome.error, reasons: outcome.reasons }, { status: outcome.status });
      return redirect(landingOf(outcome.role), { headers: setCookieHeaders(outcome.setCookies) });
    },
    (refusal): ActionData => ({ error: refusal.message }),
  );
}

export const headers = withRefusalHeaders();

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { invite, signedInAs, hasAccount } = loaderData;
  const busy = useNavigation().state !== "idle";
  const t = useOwnerT("team");
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className={cardClass({ padding: "md" })}>
        {!invite ? (
          <>
            <h1 className="text-xl font-semibold text-gray-900">{t("join.invitation")}</h1>
            <p className="mt-2 text-gray-700">{t("join.gone")}</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold text-gray-900">{t("join.title", { business: invite.business })}</h1>
            <p className="mt-2 text-gray-700">
              {t("join.as", { role: t(`roles.${invite.role}`), description: t(`roleDescriptions.${invite.role}`) })}
            </p>
            <JoinForm email={invite.email} signedInAs={signedInAs} hasAccount={hasAccount} busy={busy} actionData={actionData} />
          </>
        )}
      </div>
    </main>
  );
}

function JoinForm(props: { email: string; signedInAs: string | null; hasAccount: boolean; busy: boolean; actionData?: ActionData }) {
  const { email, signedInAs, hasAccount, busy, actionData } = props;
  const t = useOwnerT("team");
  const error = actionData?.error ? (
    <p role="alert" className="text-sm text-red-600">
      {actionData.error} {actionData.reasons?.join(" ")}
    </p>
  ) : null;
  if (signedInAs && signedInAs.toLowerCase() !== email)
    return (
      <div className="mt-4 space-y-3 text-gray-700">
        <p>
          <OwnerTrans
            ns="team"
            k="join.otherSignIn"
            values={{ email, signedIn: signedInAs }}
            components={{ email: <span className="break-all" />, current: <span className="break-all" /> }}
          />
        </p>
        <Form method="post" action="/signout">
          <SubmitButton variant="secondary">{t("join.signOut")}</SubmitButton>
        </Form>
      </div>
    );
  if (signedInAs)
    return (
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="join" />
        <SubmitButton busy={busy}>{t("join.join")}</SubmitButton>
        {error}
      </Form>
    );
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={hasAccount ? "signin" : "signup"} />
      <p className="text-sm text-gray-700">
        <OwnerTrans
          ns="team"
          k={hasAccount ? "join.signInAs" : "join.chooseAs"}
          values={{ email }}
          components={{ email: <span className="font-medium break-all" /> }}
        />
      </p>
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <Field id="join-password" label={t("join.password")}>
        {(control) => <Input {...control} name="password" type="password" autoComplete={hasAccount ? "current-password" : "new-password"} required />}
      </Field>
      <SubmitButton busy={busy}>{hasAccount ? t("join.signInAndJoin") : t("join.createAndJoin")}</SubmitButton>
      {error}
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("team", ownerLanguageIn(matches))("join.pageTitle") }];
