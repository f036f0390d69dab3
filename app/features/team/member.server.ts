import { and, desc, eq, ne } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { businessMember, businessMemberLocation, type MemberRole } from "~/db/schema";
import { requireUser, type SessionUser } from "~/features/auth/session.server";
import type { Plan } from "~/features/billing/plan";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { getServices } from "~/utils/services.server";

/**
 * Whom a signed-in user is acting for (decision 520): the business (its owner's user id), their
 * role there, and the locations they work at (null: every location, the owner's and the viewer's
 * whole business is not implied: only the owner gets null).
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

export const ROLE_REFUSED = "This page is not part of your role in this business. Ask its owner if you need it.";

/**
 * The membership a sign-in acts under, or null for a sign-in that is no other business's member
 * (an owner, acting for their own business exactly as before teams). A sign-in that joined
 * several businesses acts for the one it joined last.
 */
export async function membershipOf(db: Database, { userId }: { userId: string }) {
  const [row] = await db
    .select({ id: businessMember.id, businessId: businessMember.businessId, role: businessMember.role })
    .from(businessMember)
    .where(and(eq(businessMember.userId, userId), ne(businessMember.businessId, userId)))
    .orderBy(desc(businessMember.createdAt))
    .limit(1);
  if (!row) return null;
  const places = await db
    .select({ id: businessMemberLocation.locationId })
    .from(businessMemberLocation)
    .where(eq(businessMemberLocation.memberId, row.id));
  return { ...row, locationIds: places.map((place) => place.id) };
}

/** The business, role and locations of a signed-in user; `membershipOf` decides, the owner needs no row. */
export async function actingFor(db: Database, user: SessionUser): Promise<Acting> {
  const membership = await membershipOf(db, { userId: user.id });
  if (!membership) return { user, businessId: user.id, role: "owner", locationIds: null, plan: user.plan };
  const plan = await getPlanOfUser(db, { userId: membership.businessId });
  return { user, businessId: membership.businessId, role: membership.role, locationIds: membership.locationIds, plan };
}

/**
 * The one guard of every owner route (decision 520): signed out goes to /signin; a role the route
 * does not name gets a 403 page. Routes not yet moved to it call `requireUser`, which a member
 * passes only to reach their own, empty business.
 */
export async function requireBusiness(request: Request, roles: readonly MemberRole[] = ["owner"]): Promise<Acting> {
  const user = await requireUser(request);
  const { db } = await getServices();
  const acting = await actingFor(db, user);
  if (!roles.includes(acting.role)) throw data(ROLE_REFUSED, { status: 403 });
  return acting;
}
