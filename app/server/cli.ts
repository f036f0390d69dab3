// What scripts and benches call on the built app (`scripts/*.mjs`, `bench/*.mjs`): booting and
// stopping its services, and the operations they drive. Reached through the server bundle's `cli`.
import { seed as seedDemoData, type SeedScale } from "~/db/seed.server";
import { getAuth } from "~/features/auth/auth.server";

export { getServices as boot, shutdownServices as shutdown } from "~/utils/services.server";
export { getServerEnv } from "~/utils/env.server";
export { logger } from "~/utils/logger.server";
export { promoteToAdmin } from "~/features/auth/roles.server";
export { getDashboard } from "~/features/dashboard/dashboard.server";
export * as analyticsQueries from "~/features/analytics/analytics.server";
export { listLeads, streamLeadsCsv } from "~/features/leads/leads.server";

/** `npm run seed`: the demo owner signs up through Better Auth, as every owner does. */
export async function seed(options: { scale: SeedScale; scans?: number; warn?: (message: string) => void }) {
  const auth = await getAuth();
  return seedDemoData({ ...options, signUp: async (body) => (await auth.api.signUpEmail({ body })).user });
}
