import { data, redirect } from "react-router";
import { AuthForm } from "~/features/auth/auth-form";
import { parseCredentials, signIn, type AuthActionData } from "~/features/auth/auth-actions.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { answerDomainError, formFields, readForm, setCookieHeaders, withRefusalHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/signin";

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
      const outcome = await signIn({ ...credentials.value, headers: request.headers, clientAddress: clientAddress(request) });
      if (!outcome.ok) return data<AuthActionData>({ error: "Invalid email or password", email }, { status: 401 });
      return redirect("/dashboard", { headers: setCookieHeaders(outcome.setCookies) });
    },
    (refusal): AuthActionData => ({ error: refusal.message, email }),
  );
}

export const headers = withRefusalHeaders();

export default function Page({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signin" actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Sign In · LeadQR" }];
