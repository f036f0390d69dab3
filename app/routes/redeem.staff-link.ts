import { redirect } from "react-router";
import { staffCookie } from "~/features/redeem/actor.server";
import { getStaffActor } from "~/features/redeem/redeem.server";
import { clientAddress, consumeRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/redeem.staff-link";
import { isDomainError } from "~/utils/domain-error";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Referrer-Policy": "no-referrer" } });

/** Opening a staff link keeps its secret in a cookie scoped to /redeem and goes to the counter. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await consumeRateLimit("staffLinkByAddress", clientBudgetKey(clientAddress(request)));
  } catch (error) {
    if (isDomainError(error, "rate_limited")) return text(error.message, 429);
    throw error;
  }
  const { db, env } = await getServices();
  const token = params.token ?? "";
  if (!(await getStaffActor(db, { token }))) return text("This staff link does not work. Ask the owner for a new one.", 404);
  return redirect("/redeem", {
    headers: { "Set-Cookie": staffCookie(token, env.appOrigin.startsWith("https:")), "Referrer-Policy": "no-referrer" },
  });
}
