import { AuthForm } from "~/features/auth/auth-form";
import { signIn } from "~/features/auth/auth-actions.server";
import { requireAnonymous } from "~/features/auth/session.server";
import type { Route } from "./+types/signin";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  return signIn(request);
}

export default function Page({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signin" actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Sign In · LeadQR" }];
