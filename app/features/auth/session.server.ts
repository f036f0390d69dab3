import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { subscription, user } from "~/db/schema";
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
};

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
  return {
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

export async function requireUser(request: Request): Promise<SessionUser> {
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
