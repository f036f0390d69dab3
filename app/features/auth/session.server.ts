/* eslint-disable no-restricted-syntax, no-restricted-imports -- the session guards read the cookie and throw redirects by design. */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { businessMember, businessMemberLocation, subscription, user, type MemberRole } from "~/db/schema";
import type { Plan } from "~/features/billing/plan";
import { PLAN_COLUMNS, planOfRow, SUBSCRIPTION_OF_USER } from "~/features/billing/plan.server";
import { getServices } from "~/utils/services.server";
import { getAuth } from "./auth.server";

export type SessionUser = {
  id: string;
  email: string;
  isAdmin: boolean;
  emailVerified: boolean;
  /** The session's own id (settings marks "this device"). */
  sessionId: string;
  plan: Plan;
  createdAt: Date;
  /** Another business this sign-in acts for (decision 520); null for an owner acting for their own. */
  membership: Membership | null;
};

export type Membership = { memberId: string; businessId: string; role: MemberRole; locationIds: string[] };

export const ROLE_REFUSED = "This page is not part of your role in this business. Ask its owner if you need it.";

/**
 * The membership a sign-in acts under, or null for a sign-in that is no other business's member
 * (an owner, acting for their own business exactly as before teams). A sign-in that joined
 * several businesses acts for the one it joined last.
 */
export async function membershipOf(db: Database, { userId }: { userId: string }): Promise<Membership | null> {
  const [row] = await db
    .select({
      memberId: businessMember.id,
      businessId: businessMember.businessId,
      role: businessMember.role,
      locationIds: sql<
        string[]
      >`coalesce(array(select ${businessMemberLocation.locationId}::text from ${businessMemberLocation} where ${businessMemberLocation.memberId} = ${businessMember.id}), '{}')`,
    })
    .from(businessMember)
    .where(and(eq(businessMember.userId, userId), ne(businessMember.businessId, userId)))
    .orderBy(desc(businessMember.createdAt))
    .limit(1);
  return row ? { ...row, locationIds: [...row.locationIds] } : null;
}

/** The signed-in user, read fresh from the database on every request (role changes apply at once). */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const { db, env } = await getServices();
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      ...PLAN_COLUMNS,
    })
    .from(user)
    .leftJoin(subscription, SUBSCRIPTION_OF_USER)
    .where(eq(user.id, session.user.id));
  if (!row) return null;
  const membership = await membershipOf(db, { userId: row.id });
  return {
    membership,
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    emailVerified: row.emailVerified,
    sessionId: session.session.id,
    // The role column alone decides: ADMIN_EMAILS is applied to it once the address is verified
    // (and at sign-in), so an unproven or later-changed email never confers admin rights.
    isAdmin: row.role === "admin",
    plan: planOfRow(row, env.STRIPE_PRICE_ID),
  };
}

/**
 * A signed-in user for a route that has not moved to `requireBusiness` (decision 520): a staff
 * member of another business reaches none of them and is sent to the counter, the one screen
 * they have (signing in lands on /dashboard, so this is also where they start).
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const sessionUser = await requireSignedIn(request);
  if (sessionUser.membership?.role === "staff") throw redirect("/redeem");
  return sessionUser;
}

/** Signed in, whatever their role: `requireBusiness` decides what the role may do. */
export async function requireSignedIn(request: Request): Promise<SessionUser> {
  const sessionUser = await getSessionUser(request);
  if (!sessionUser) throw redirect("/signin");
  return sessionUser;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const sessionUser = await requireUser(request);
  if (!sessionUser.isAdmin) throw redirect("/dashboard");
  return sessionUser;
}

/** For /, /signin and /signup: a signed-in visitor belongs on the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/dashboard");
}
