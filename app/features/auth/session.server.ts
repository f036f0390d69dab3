/* eslint-disable no-restricted-syntax, no-restricted-imports -- the session guards read the cookie and throw redirects by design. */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { businessMember, businessMemberLocation, campaign, session as authSession, subscription, user, type MemberRole } from "~/db/schema";
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
  /** The language chosen for their screens in Settings; null: the browser's (owner-language.server.ts). */
  language: string | null;
  /** The language their browser last asked for (owner-language.server.ts, `rememberBrowserLanguage`). */
  browserLanguage: string | null;
  /** Another business this sign-in acts for (decision 520); null for an owner acting for their own. */
  membership: Membership | null;
  /** The businesses it may switch between; null for a sign-in that is nobody else's member. */
  businesses: Businesses | null;
};

export type Membership = { memberId: string; businessId: string; role: MemberRole; locationIds: string[] };

export const ROLE_REFUSED = "This page is not part of your role in this business. Ask its owner if you need it.";

/**
 * The businesses a sign-in may act for besides its own: `memberOf` lists them newest first;
 * `ownsCampaigns` says whether it runs a business of its own (the switcher's "Your business").
 */
export type Businesses = { memberOf: string[]; ownsCampaigns: boolean };

type MembershipChoice = { membership: Membership | null; businesses: Businesses | null };

/**
 * The membership a sign-in acts under, or null when it acts for its own business (an owner, exactly
 * as before teams). The session's choice from the header's switcher wins while it names the
 * sign-in itself or a business it is a member of now; a choice it no longer holds (removed, forged)
 * is ignored. Without a choice: its own business when it has campaigns, else the one it joined
 * last (docs/features/team.md, "Several businesses, one sign-in").
 */
export async function membershipOf(db: Database, options: { userId: string; sessionId?: string }): Promise<Membership | null> {
  return (await chooseMembership(db, options)).membership;
}

async function chooseMembership(db: Database, { userId, sessionId }: { userId: string; sessionId?: string }): Promise<MembershipChoice> {
  const rows = await db
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
    .orderBy(desc(businessMember.createdAt), desc(businessMember.id));
  if (rows.length === 0) return { membership: null, businesses: null };
  const memberships = rows.map((row) => ({ ...row, locationIds: [...row.locationIds] }));
  const [state] = await db
    .select({
      chosen: authSession.actingBusinessId,
      ownsCampaigns: sql<boolean>`exists(select 1 from ${campaign} where ${campaign.userId} = ${userId})`,
    })
    .from(user)
    .leftJoin(authSession, and(eq(authSession.userId, user.id), eq(authSession.id, sessionId ?? "")))
    .where(eq(user.id, userId));
  const businesses = { memberOf: memberships.map((row) => row.businessId), ownsCampaigns: Boolean(state?.ownsCampaigns) };
  const chosen = state?.chosen;
  if (chosen === userId) return { membership: null, businesses };
  const held = memberships.find((row) => row.businessId === chosen);
  if (held) return { membership: held, businesses };
  return { membership: businesses.ownsCampaigns ? null : memberships[0]!, businesses };
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
      language: user.language,
      browserLanguage: user.browserLanguage,
      ...PLAN_COLUMNS,
    })
    .from(user)
    .leftJoin(subscription, SUBSCRIPTION_OF_USER)
    .where(eq(user.id, session.user.id));
  if (!row) return null;
  const { membership, businesses } = await chooseMembership(db, { userId: row.id, sessionId: session.session.id });
  return {
    membership,
    businesses,
    id: row.id,
    email: row.email,
    createdAt: row.createdAt,
    language: row.language,
    browserLanguage: row.browserLanguage,
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
