// Rules: docs/features/team.md ("Several businesses, one sign-in").
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessMember, businessProfile, session, user } from "~/db/schema";
import type { SessionUser } from "~/features/auth/session.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One line of the header's switcher; `name` null is the sign-in's own business ("Your business"). */
export type SwitcherEntry = { id: string; name: string | null; current: boolean };

/**
 * Makes a session act for a business: the sign-in's own, or one it is a member of now. False (and
 * nothing stored) for any other id, so a forged post changes nothing.
 */
export async function switchBusiness(db: Database | Tx, options: { userId: string; sessionId: string; businessId: string }) {
  if (options.businessId !== options.userId) {
    const [held] = await db
      .select({ id: businessMember.id })
      .from(businessMember)
      .where(and(eq(businessMember.userId, options.userId), eq(businessMember.businessId, options.businessId)));
    if (!held) return false;
  }
  const [row] = await db
    .update(session)
    .set({ actingBusinessId: options.businessId })
    .where(and(eq(session.id, options.sessionId), eq(session.userId, options.userId)))
    .returning({ id: session.id });
  return Boolean(row);
}

/** The session's id from the Better Auth cookie a sign-in just set (`leadqr.session_token=<token>.<signature>`). */
export async function sessionIdOfCookies(db: Database | Tx, setCookies: string[]) {
  for (const cookie of setCookies) {
    const match = /^(?:__Secure-)?leadqr\.session_token=([^;]+)/.exec(cookie);
    if (!match) continue;
    const token = decodeURIComponent(match[1]!).split(".")[0]!;
    const [row] = await db.select({ id: session.id }).from(session).where(eq(session.token, token));
    if (row) return row.id;
  }
  return null;
}

/**
 * The header's switcher for a sign-in that is a member of another business: "Your business" when it
 * runs one (it has campaigns, or acts for it now), then each business by its name; null otherwise.
 */
export async function switcherOf(db: Database, sessionUser: Pick<SessionUser, "id" | "membership" | "businesses">): Promise<SwitcherEntry[] | null> {
  const businesses = sessionUser.businesses;
  if (!businesses) return null;
  const currentId = sessionUser.membership?.businessId ?? sessionUser.id;
  const rows = await db
    .select({ id: user.id, name: businessProfile.name, email: user.email })
    .from(user)
    .leftJoin(businessProfile, eq(businessProfile.userId, user.id))
    .where(inArray(user.id, businesses.memberOf));
  const names = new Map(rows.map((row) => [row.id, row.name || row.email]));
  const others = businesses.memberOf.map((id) => ({ id, name: names.get(id) ?? "A business", current: id === currentId }));
  const own =
    businesses.ownsCampaigns || currentId === sessionUser.id ? [{ id: sessionUser.id, name: null, current: currentId === sessionUser.id }] : [];
  return [...own, ...others];
}
