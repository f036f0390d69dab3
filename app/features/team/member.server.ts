/* eslint-disable no-restricted-syntax, no-restricted-imports -- requireBusiness, the one team guard, reads the session and throws answers by design. */
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import type { MemberRole } from "~/db/schema";
import { requireSignedIn, ROLE_REFUSED, type SessionUser } from "~/features/auth/session.server";
import type { Plan } from "~/features/billing/plan";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { getServices } from "~/utils/services.server";

export { ROLE_REFUSED };

/**
 * Whom a signed-in user is acting for (decision 520): the business (its owner's user id), their
 * role there, and the locations whose data they may reach.
 */
export type Acting = {
  user: SessionUser;
  businessId: string;
  role: MemberRole;
  /** The locations whose data they may reach; null for the owner (every location). */
  locationIds: string[] | null;
  /** The business's plan (the owner's), which decides every limit, whoever is signed in. */
  plan: Plan;
};

/** The business, role and locations of a signed-in user; the session's membership decides, the owner needs no row. */
export async function actingFor(db: Database, user: Pick<SessionUser, "id" | "plan" | "membership"> & Partial<SessionUser>): Promise<Acting> {
  const membership = user.membership;
  if (!membership) return { user: user as SessionUser, businessId: user.id, role: "owner", locationIds: null, plan: user.plan };
  const plan = await getPlanOfUser(db, { userId: membership.businessId });
  return { user: user as SessionUser, businessId: membership.businessId, role: membership.role, locationIds: membership.locationIds, plan };
}

/**
 * The one guard of every owner route (decision 520): signed out goes to /signin; a role the route
 * does not name gets a 403 page. Routes not yet moved to it call `requireUser`, which refuses
 * staff and lets any other member reach only their own, empty business.
 */
export async function requireBusiness(request: Request, roles: readonly MemberRole[] = ["owner"]): Promise<Acting> {
  const user = await requireSignedIn(request);
  const { db } = await getServices();
  const acting = await actingFor(db, user);
  if (!roles.includes(acting.role)) throw data(ROLE_REFUSED, { status: 403 });
  return acting;
}
