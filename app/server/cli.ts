// What scripts and benches call on the built app (`scripts/*.mjs`, `bench/*.mjs`): booting and
// stopping its services, and the operations they drive. Reached through the server bundle's `cli`.
import { eq } from "drizzle-orm";
import { user } from "~/db/schema";
import { seed as seedDemoData, type SeedScale } from "~/db/seed.server";
import { runRollupJob } from "~/features/analytics/rollups.server";
import { getAuth } from "~/features/auth/auth.server";
import { getServices } from "~/utils/services.server";

export { getServices as boot, shutdownServices as shutdown } from "~/utils/services.server";
export { getServerEnv } from "~/utils/env.server";
export { logger } from "~/utils/logger.server";
export { promoteToAdmin } from "~/features/auth/roles.server";
export { getDashboard } from "~/features/dashboard/dashboard.server";
export * as analyticsQueries from "~/features/analytics/analytics.server";
export { listLeads } from "~/features/leads/leads.server";
export { streamLeadsCsv } from "~/features/leads/leads-csv.server";
export { OPERATIONS as apiOperations } from "~/features/api/operations.server";

/**
 * `npm run seed`: the demo owner signs up through Better Auth, as every owner does; their
 * backdated rows are then rolled up (docs/features/counting.md, "Rollups").
 */
export async function seed(options: { scale: SeedScale; scans?: number; warn?: (message: string) => void }) {
  const auth = await getAuth();
  const result = await seedDemoData({ ...options, signUp: async (body) => (await auth.api.signUpEmail({ body })).user });
  const { db } = await getServices();
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, result.email));
  // The app's own run may hold the job's lock for a moment: wait for our turn.
  for (let tries = 0; owner && tries < 60 && (await runRollupJob(db, { owner: owner.id })) === null; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return result;
}
