import { redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { createPortalSession } from "~/features/billing/checkout.server";
import { logger } from "~/utils/logger.server";
import type { Route } from "./+types/billing.portal";

export const loader = () => redirect("/settings");

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  try {
    const portal = await createPortalSession(user.id);
    if (portal.url) return redirect(portal.url);
    return text(portal.error ?? "No billing account yet.", 409);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "billing portal failed");
    return text("The billing portal is unavailable right now. Please try again.", 502);
  }
}

// This route opens in a new tab: answer problems as a readable page.
const text = (body: string, status: number) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
