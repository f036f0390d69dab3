import { redirect } from "react-router";
import { requireBusiness } from "~/features/team/member.server";
import { createPortalSession } from "~/features/billing/checkout.server";
import { textResponse } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/billing.portal";

export const loader = () => redirect("/settings");

// This route opens in a new tab: problems are answered as a readable page.
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  try {
    const portal = await createPortalSession(db, { userId: user.id });
    if (portal.ok) return redirect(portal.url);
    return textResponse(portal.error, 409);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "billing portal failed");
    return textResponse("The billing portal is unavailable right now. Please try again.", 502);
  }
}
