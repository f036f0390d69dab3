import type { MemberRole } from "~/db/schema";
import { ENTERPRISE_PLAN_NAME, type Plan } from "~/features/billing/plan";
import { INTL_LOCALES, type Language } from "~/features/languages/languages";
import { enTeam } from "~/features/languages/owner/en-team";
import { ownerT } from "~/features/languages/owner/owner-language";

/** Locations and a team are part of Pro and Enterprise (docs/features/team.md, "Plans"); the member's words: `team.plan`. */
export const TEAM_PLAN_TEXT = enTeam.team.plan;

export function planIncludesTeams(plan: Pick<Plan, "isPro">) {
  return plan.isPro;
}

/** The roles an owner may invite (there is exactly one owner). */
export const INVITED_ROLES = ["manager", "staff", "viewer"] as const satisfies readonly MemberRole[];
export type InvitedRole = (typeof INVITED_ROLES)[number];

export const ROLE_LABEL: Record<MemberRole, string> = { owner: "Owner", manager: "Manager", staff: "Staff", viewer: "Viewer" };

/** How many of a kind a plan allows (invitations still open count); null: no limit. */
export function seatLimit(plan: Pick<Plan, "isPro" | "name">, kind: "staff" | "managers"): number | null {
  if (!plan.isPro) return 0;
  if (plan.name === ENTERPRISE_PLAN_NAME) return null;
  return kind === "staff" ? 15 : 3;
}

export const seatKindOf = (role: InvitedRole) => (role === "staff" ? "staff" : "managers");

export function seatLimitText(plan: Pick<Plan, "isPro" | "name">, role: InvitedRole, language?: Language) {
  const t = ownerT("team", language);
  if (!plan.isPro) return t("refusals.freePlan");
  const limit = seatLimit(plan, seatKindOf(role)) ?? 0;
  return role === "staff" ? t("refusals.staffLimit", { limit }) : t("refusals.managerLimit", { limit });
}

/** Invitation links work this long. */
export const INVITE_DAYS = 7;

/** What a used, withdrawn or expired invitation link says (never which), to someone signed out; `team.join.gone` in the member's words. */
export const INVITE_GONE = enTeam.team.join.gone;

/** Where a member lands after joining: staff at the counter, everyone else on the dashboard. */
export const landingOf = (role: string) => (role === "staff" ? "/redeem" : "/dashboard");

/** "Harbour", "Harbour and Old Town", "Harbour, Old Town and Quay"; in another language, its own list ("Hafen, Altstadt und Kai"). */
export function namesInWords(names: readonly string[], language: Language = "en"): string {
  if (language !== "en") return new Intl.ListFormat(INTL_LOCALES[language], { type: "conjunction" }).format(names);
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A hand-over offer stays open this long (docs/features/team.md, "Handing the business over"). */
export const HANDOVER_DAYS = 7;
