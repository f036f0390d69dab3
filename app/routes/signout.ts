import { redirect } from "react-router";
import { signOut } from "~/features/auth/auth-actions.server";
import { setCookieHeaders } from "~/utils/http.server";
import type { Route } from "./+types/signout";

export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  const { setCookies } = await signOut({ headers: request.headers });
  return redirect("/", { headers: setCookieHeaders(setCookies) });
}
