import { data, redirect } from "react-router";
import { AuthForm } from "~/features/auth/auth-form";
import { ADDRESS_TAKEN, parseCredentials, signUp, type AuthActionData, type SignUpOutcome } from "~/features/auth/auth-actions.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { answerDomainError, formFields, readForm, setCookieHeaders, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const credentials = parseCredentials(formFields(await readForm(request)));
  if (!credentials.ok) return credentials.response;
  const { email } = credentials.value;
  return answerDomainError(
    async () => {
      const outcome = await signUp({ ...credentials.value, headers: request.headers, clientAddress: clientAddress(request) });
      if (!outcome.ok) return refused(outcome, email);
      return redirect("/dashboard", { headers: setCookieHeaders(outcome.setCookies) });
    },
    (refusal): AuthActionData => ({ error: refusal.message, email }),
  );
}

function refused(outcome: Extract<SignUpOutcome, { ok: false }>, email: string) {
  switch (outcome.refusal) {
    case "weak_password":
      return data<AuthActionData>({ error: "Password is too weak", reasons: outcome.reasons, email }, { status: 422 });
    case "address_taken":
      return data<AuthActionData>({ error: ADDRESS_TAKEN, email, taken: true }, { status: 400 });
    case "rejected":
      return data<AuthActionData>({ error: outcome.message, email }, { status: outcome.byServer ? 503 : 400 });
  }
}

export const headers = withRefusalHeaders();

export default function Page({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signup" actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Create Account · LeadQR" }];
