/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { data, Form, redirect, useNavigation } from "react-router";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { getSessionUser } from "~/features/auth/session.server";
import { SubmitButton } from "~/features/integrations/integrations-ui";
import { joinWithPassword } from "~/features/team/join.server";
import { INVITE_GONE, landingOf, ROLE_DESCRIPTION, ROLE_LABEL, type InvitedRole } from "~/features/team/team";
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
        if (!joined) return data<ActionData>({ error: INVITE_GONE }, { status: 410 });
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
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className={cardClass({ padding: "md" })}>
        {!invite ? (
          <>
            <h1 className="text-xl font-semibold text-gray-900">Invitation</h1>
            <p className="mt-2 text-gray-700">{INVITE_GONE}</p>
          </>
        ) : (
          <>
            <h1 className="text-xl font-semibold text-gray-900">Join {invite.business}</h1>
            <p className="mt-2 text-gray-700">
              As {ROLE_LABEL[invite.role]}: {ROLE_DESCRIPTION[invite.role].toLowerCase()}.
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
  const error = actionData?.error ? (
    <p role="alert" className="text-sm text-red-600">
      {actionData.error} {actionData.reasons?.join(" ")}
    </p>
  ) : null;
  if (signedInAs && signedInAs.toLowerCase() !== email)
    return (
      <div className="mt-4 space-y-3 text-gray-700">
        <p>
          This invitation is for <span className="break-all">{email}</span>, and you are signed in as <span className="break-all">{signedInAs}</span>.
          Sign out first, then open the link again.
        </p>
        <Form method="post" action="/signout">
          <SubmitButton variant="secondary">Sign out</SubmitButton>
        </Form>
      </div>
    );
  if (signedInAs)
    return (
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="join" />
        <SubmitButton busy={busy}>Join</SubmitButton>
        {error}
      </Form>
    );
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={hasAccount ? "signin" : "signup"} />
      <p className="text-sm text-gray-700">
        {hasAccount ? "Sign in with your LeadQR password as " : "Choose a password to sign in as "}
        <span className="font-medium break-all">{email}</span>.
      </p>
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
      <Field id="join-password" label="Password">
        {(control) => <Input {...control} name="password" type="password" autoComplete={hasAccount ? "current-password" : "new-password"} required />}
      </Field>
      <SubmitButton busy={busy}>{hasAccount ? "Sign in and join" : "Create my sign-in and join"}</SubmitButton>
      {error}
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Join a team · LeadQR" }];
