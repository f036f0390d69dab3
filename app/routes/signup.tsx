import { AuthForm } from "~/features/auth/auth-form";
import { signUp } from "~/features/auth/auth-actions.server";
import { requireAnonymous } from "~/features/auth/session.server";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAnonymous(request);
  return signUp(request);
}

export default function Page({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signup" actionData={actionData} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Create Account · LeadQR" }];
