import { redirect } from "react-router";
import { staffCookie } from "~/features/redeem/actor.server";
import { getStaffActor } from "~/features/redeem/staff-links.server";
import { clientAddress, consumeRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/redeem.staff-link";
import { answerDomainError, textResponse } from "~/utils/http.server";

/** Opening a staff link keeps its secret in a cookie scoped to /redeem and goes to the counter; no answer sends it on as a referrer. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const answer = await answerDomainError(() => openStaffLink(request, params.token ?? ""));
  answer.headers.set("Referrer-Policy", "no-referrer");
  return answer;
}

async function openStaffLink(request: Request, token: string) {
  await consumeRateLimit("staffLinkByAddress", clientBudgetKey(clientAddress(request)));
  const { db, env } = await getServices();
  if (!(await getStaffActor(db, { token }))) return textResponse("This staff link does not work. Ask the owner for a new one.", 404);
  return redirect("/redeem", { headers: { "Set-Cookie": staffCookie(token, env.appOrigin.startsWith("https:")) } });
}
