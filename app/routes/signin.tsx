import { data, redirect } from "react-router";
import { AuthForm } from "~/features/auth/auth-form";
import { signIn } from "~/features/auth/auth-actions.server";
import { requireAnonymous } from "~/features/auth/session.server";
import { readForm, setCookieHeaders } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import type { Route } from "./+types/signin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  const form = await readForm(request);
  const outcome = await signIn({
    email: form.get("email"),
    password: form.get("password"),
    headers: request.headers,
    clientAddress: clientAddress(request),
  });
  if (!outcome.ok) return data(outcome.body, { status: outcome.status });
  return redirect("/dashboard", { headers: setCookieHeaders(outcome.setCookies) });
}

export default function Page({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signin" actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Sign In · LeadQR" }];
