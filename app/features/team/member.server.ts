/* eslint-disable no-restricted-syntax, no-restricted-imports -- requireBusiness, the one team guard, reads the session and throws answers by design. */
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import type { MemberRole } from "~/db/schema";
import { requireSignedIn, ROLE_REFUSED, type SessionUser } from "~/features/auth/session.server";
import type { Plan } from "~/features/billing/plan";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { getServices } from "~/utils/services.server";
import { campaignAccessOf, placementScopeOf, type PlacementScope } from "./scope.server";

export type { PlacementScope };

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
  /** The placements at those locations, read once per request: every scoped reader takes it. Null for the owner. */
  placementIds: PlacementScope;
};

/** The business, role and locations of a signed-in user; the session's membership decides, the owner needs no row. */
export async function actingFor(db: Database, user: Pick<SessionUser, "id" | "plan" | "membership"> & Partial<SessionUser>): Promise<Acting> {
  const membership = user.membership;
  if (!membership) return { user: user as SessionUser, businessId: user.id, role: "owner", locationIds: null, plan: user.plan, placementIds: null };
  const [plan, placementIds] = await Promise.all([
    getPlanOfUser(db, { userId: membership.businessId }),
    placementScopeOf(db, { businessId: membership.businessId, locationIds: membership.locationIds }),
  ]);
  return {
    user: user as SessionUser,
    businessId: membership.businessId,
    role: membership.role,
    locationIds: membership.locationIds,
    plan,
    placementIds,
  };
}

/** The roles of each kind of owner screen (docs/features/team.md, "What each role sees"). */
export const ROLES = {
  /** Billing, team, locations, domains, API keys, webhooks, sync, the business's settings. */
  owner: ["owner"],
  /** Campaigns, placements, leads and their details: the owner and managers (scoped to their locations). */
  manage: ["owner", "manager"],
  /** The dashboard and analytics: read-only for viewers, scoped to their locations. */
  read: ["owner", "manager", "viewer"],
} as const satisfies Record<string, readonly MemberRole[]>;

/**
 * The one guard of every owner route (decision 520): signed out goes to /signin; a staff member
 * a route does not name goes to the counter (the one screen they have, and where signing in lands
 * them); any other role the route does not name gets the 403 page.
 */
export async function requireBusiness(request: Request, roles: readonly MemberRole[] = ROLES.owner): Promise<Acting> {
  const user = await requireSignedIn(request);
  const { db } = await getServices();
  const acting = await actingFor(db, user);
  if (!roles.includes(acting.role)) {
    if (acting.role === "staff") throw redirect("/redeem");
    throw data(ROLE_REFUSED, { status: 403 });
  }
  return acting;
}

/**
 * A campaign of the business as far as the member may use it: 404 when it is not the business's
 * (or not a campaign id), 403 when it has no placement at their locations, and 403 for a change
 * ("write") to a campaign that another location shows too. The owner passes (the route's own
 * query then finds whether it exists). Answers what the member may do with it.
 */
export async function requireCampaignAccess(acting: Acting, campaignId: string, need: "read" | "write"): Promise<"read" | "write"> {
  if (acting.placementIds === null) return "write";
  const { db } = await getServices();
  const access = await campaignAccessOf(db, {
    businessId: acting.businessId,
    campaignId,
    scope: acting.placementIds,
    locationIds: acting.locationIds,
  });
  if (access === "missing") throw data("Campaign not found", { status: 404 });
  if (access === "none" || (need === "write" && access === "read")) throw data(ROLE_REFUSED, { status: 403 });
  return access;
}

/** A placement asked for by id (a print sheet, a QR image): a member's must be at their locations (403). */
export function requirePlacementInScope(acting: Acting, placementId: string | undefined): void {
  if (acting.placementIds === null || placementId === undefined) return;
  if (!acting.placementIds.includes(placementId)) throw data(ROLE_REFUSED, { status: 403 });
}
