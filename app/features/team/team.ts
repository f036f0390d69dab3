import type { Plan } from "~/features/billing/plan";

/** Locations and a team are part of Pro and Enterprise (docs/features/team.md, "Plans"). */
export const TEAM_PLAN_TEXT = "Locations and a team are part of Pro and Enterprise. Upgrade to use them.";

export function planIncludesTeams(plan: Pick<Plan, "isPro">) {
  return plan.isPro;
}
