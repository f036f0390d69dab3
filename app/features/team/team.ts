import type { MemberRole } from "~/db/schema";
import { ENTERPRISE_PLAN_NAME, type Plan } from "~/features/billing/plan";

/** Locations and a team are part of Pro and Enterprise (docs/features/team.md, "Plans"). */
export const TEAM_PLAN_TEXT = "Locations and a team are part of Pro and Enterprise. Upgrade to use them.";

export function planIncludesTeams(plan: Pick<Plan, "isPro">) {
  return plan.isPro;
}

/** The roles an owner may invite (there is exactly one owner). */
export const INVITED_ROLES = ["manager", "staff", "viewer"] as const satisfies readonly MemberRole[];
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const ROLE_LABEL: Record<MemberRole, string> = { owner: "Owner", manager: "Manager", staff: "Staff", viewer: "Viewer" };

export const ROLE_DESCRIPTION: Record<InvitedRole, string> = {
  manager: "Campaigns, placements, leads, analytics and the counter of their locations",
  staff: "The counter only, for their locations",
  viewer: "Dashboard and analytics of their locations, read-only",
};

/** How many of a kind a plan allows (invitations still open count); null: no limit. */
export function seatLimit(plan: Pick<Plan, "isPro" | "name">, kind: "staff" | "managers"): number | null {
  if (!plan.isPro) return 0;
  if (plan.name === ENTERPRISE_PLAN_NAME) return null;
  return kind === "staff" ? 15 : 3;
}

export const seatKindOf = (role: InvitedRole) => (role === "staff" ? "staff" : "managers");

export function seatLimitText(plan: Pick<Plan, "isPro" | "name">, role: InvitedRole) {
  if (!plan.isPro) return "On the Free plan the owner works alone. Upgrade to Pro to invite your team.";
  const limit = seatLimit(plan, seatKindOf(role));
  return role === "staff"
    ? `Pro includes up to ${limit} staff members, and you have them all (invitations included). Remove someone, or move to Enterprise for no limit.`
    : `Pro includes up to ${limit} managers and viewers together, and you have them all (invitations included). Remove someone, or move to Enterprise for no limit.`;
}

/** Invitation links work this long. */
export const INVITE_DAYS = 7;

/** What a used, withdrawn or expired invitation link says (never which). */
export const INVITE_GONE = "This invitation has expired or was withdrawn. Ask the business's owner for a new one.";

/** Where a member lands after joining: staff at the counter, everyone else on the dashboard. */
export const landingOf = (role: string) => (role === "staff" ? "/redeem" : "/dashboard");

/** "Harbour", "Harbour and Old Town", "Harbour, Old Town and Quay". */
export function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A hand-over offer stays open this long (docs/features/team.md, "Handing the business over"). */
export const HANDOVER_DAYS = 7;

export const HANDOVER_TEXT = {
  plan: "On the Free plan the owner works alone, so there is nobody to hand the business over to.",
  onePending: (email: string) => `A hand-over to ${email} is already waiting. Withdraw it to offer the business to someone else.`,
  ownsCampaigns:
    "This sign-in runs its own business on LeadQR (it has campaigns), so it cannot take over another. Ask the owner to hand over to another member, or to another address of yours.",
  ownsBusiness:
    "This sign-in has a business of its own on LeadQR (locations, a team, a domain, API keys, webhooks, a sync or a subscription), so it cannot take over another. Remove them first, or ask the owner to hand over to another address of yours.",
  gone: "This hand-over has expired or was withdrawn.",
};
