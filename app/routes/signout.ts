import { redirect } from "react-router";
import { signOut } from "~/features/auth/auth-actions.server";
import type { Route } from "./+types/signout";

export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  return signOut(request);
}
