// What scripts and benches call on the built app (`scripts/*.mjs`, `bench/*.mjs`): booting and
// stopping its services, and the operations they drive. Reached through the server bundle's `cli`.
export { getServices as boot, shutdownServices as shutdown } from "~/utils/services.server";
export { getServerEnv } from "~/utils/env.server";
export { logger } from "~/utils/logger.server";
export { promoteToAdmin } from "~/features/auth/roles.server";
export { seed } from "~/features/dashboard/seed.server";
export { getDashboard } from "~/features/dashboard/dashboard.server";
export * as analyticsQueries from "~/features/analytics/analytics.server";
export { listLeads, streamLeadsCsv } from "~/features/leads/leads.server";
