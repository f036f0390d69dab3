// The campaign page's placement forms: each intent parsed with the form's own schema, then done.
import type { Database } from "~/db/client.server";
import type { FormResult } from "~/utils/form";
import type { DomainError } from "~/utils/domain-error";
import type { Language } from "~/features/languages/languages";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerT } from "~/features/languages/owner/owner-language";
import { ROLE_REFUSED } from "~/features/auth/session.server";
import { forbidden, notFound, submit } from "~/utils/http.server";
import { PLACEMENTS_PER_CAMPAIGN, PlacementCreateSchema, PlacementDeleteSchema, PlacementRenameSchema } from "./placements.schema";
import { createPlacement, deletePlacement, renamePlacement } from "./placements.server";

/** What the campaign analytics page's placement forms get back when a post is refused. */
export type PlacementActionData = {
  intent?: string;
  placementId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: { name: string };
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
};

export type PlacementPost = {
  db: Database;
  userId: string;
  campaignId: string;
  fields: Record<string, string>;
  /** The member's: a refusal the placements' server gives in words of its own (a location outside the campaign's). */
  language?: Language;
  /**
   * A manager's reach (docs/features/team.md): they add placements only at their locations and
   * change or delete only the placements there. Absent for the owner.
   */
  member?: { locationIds: readonly string[]; placementIds: readonly string[] };
};

export const PLACEMENT_INTENTS = ["addPlacement", "renamePlacement", "deletePlacement"] as const;

export function isPlacementIntent(intent: string | undefined): intent is (typeof PLACEMENT_INTENTS)[number] {
  return (PLACEMENT_INTENTS as readonly (string | undefined)[]).includes(intent);
}

/** What a refused placement form shows again: which form, which placement, the name as typed. */
export function placementFormEcho(fields: Record<string, string>) {
  return { intent: fields.intent, placementId: fields.placementId, values: { name: (fields.name ?? "").slice(0, 200) } };
}

/** A refused placement form's answer, its message in the member's language (English for a refusal the catalogue does not name). */
export function placementRefusal(fields: Record<string, string>, refused: DomainError, language: Language): PlacementActionData {
  const t = ownerT("placements", language);
  if (refused.code === "placement_name_taken") return { ...placementFormEcho(fields), fieldErrors: { name: t("refused.nameTaken") } };
  const message =
    refused.code === "placement_limit"
      ? t("refused.limit", { limit: PLACEMENTS_PER_CAMPAIGN })
      : refused.code === "not_found" && refused.message === "Location not found"
        ? t("refused.locationNotFound")
        : refusalIn(refused, language);
  return { ...placementFormEcho(fields), formError: message };
}

/** A post with an intent the placement forms do not send. */
export function unknownPlacementIntent(fields: Record<string, string>, language: Language): PlacementActionData {
  return { ...placementFormEcho(fields), formError: ownerT("placements", language)("refused.unknownAction") };
}

/** One placement form's intent: the 400 answer of a refused submission, or null once done. */
export async function runPlacementIntent(intent: (typeof PLACEMENT_INTENTS)[number], post: PlacementPost) {
  switch (intent) {
    case "addPlacement":
      return addPlacement(post);
    case "renamePlacement":
      return renamePlacementNamed(post);
    case "deletePlacement":
      await deletePlacementPosted(post);
      return null;
  }
}

/** A location a manager may put a placement at: one of theirs (no location would be nobody's shop). */
function checkMemberLocation(member: PlacementPost["member"], locationId: string | undefined) {
  if (member && !(locationId && member.locationIds.includes(locationId))) forbidden(ROLE_REFUSED);
}

function checkMemberPlacement(member: PlacementPost["member"], placementId: string) {
  if (member && !member.placementIds.includes(placementId)) forbidden(ROLE_REFUSED);
}

async function addPlacement({ db, userId, campaignId, fields, member, language }: PlacementPost) {
  const parsed = submit(PlacementCreateSchema, fields, { reply: placementFormEcho(fields) });
  if (!parsed.ok) return parsed.response;
  checkMemberLocation(member, parsed.value.locationId);
  if (!(await createPlacement(db, { userId, campaignId, language, ...parsed.value }))) notFound("Campaign not found");
  return null;
}

async function renamePlacementNamed({ db, userId, campaignId, fields, member, language }: PlacementPost) {
  const parsed = submit(PlacementRenameSchema, fields, { reply: placementFormEcho(fields) });
  if (!parsed.ok) return parsed.response;
  checkMemberPlacement(member, parsed.value.placementId);
  // A rename posted without a location keeps the placement's; a move goes only to their locations.
  if (parsed.value.locationId !== undefined) checkMemberLocation(member, parsed.value.locationId);
  if (!(await renamePlacement(db, { userId, campaignId, language, ...parsed.value }))) notFound("Placement not found");
  return null;
}

async function deletePlacementPosted({ db, userId, campaignId, fields, member }: PlacementPost) {
  const parsed = submit(PlacementDeleteSchema, fields);
  if (!parsed.ok) notFound("Placement not found");
  checkMemberPlacement(member, parsed.value.placementId);
  // Already gone (a double submit, another tab) is what the owner asked for: back to the page.
  await deletePlacement(db, { userId, campaignId, placementId: parsed.value.placementId });
}
