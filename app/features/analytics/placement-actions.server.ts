import { data, redirect } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { formFields, notFound, parseFields, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { PlacementCreateSchema, PlacementDeleteSchema, PlacementRenameSchema } from "./analytics.schema";
import { createPlacement, deletePlacement, renamePlacement } from "./placements.server";
import { isDomainError } from "~/utils/domain-error";

export type PlacementActionData = {
  intent?: string;
  placementId?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: { name: string };
};

/**
 * The campaign analytics page's action: add, rename, delete a placement of the owner's campaign.
 * Success goes back to the page (same range) at the placements table; another owner's campaign or
 * placement is a 404.
 */
export async function handlePlacementAction(request: Request, sessionUser: SessionUser, campaignId: string) {
  const { db } = await getServices();
  const fields = formFields(await readForm(request));
  const userId = sessionUser.id;
  const back = () => {
    const url = new URL(request.url);
    url.searchParams.delete("index");
    return redirect(`${url.pathname}${url.search}#placements`);
  };
  const fail = (status: number, body: PlacementActionData) =>
    data({ intent: fields.intent, placementId: fields.placementId, values: { name: (fields.name ?? "").slice(0, 200) }, ...body }, { status });

  try {
    switch (fields.intent) {
      case "addPlacement": {
        const parsed = parseFields(PlacementCreateSchema, fields);
        if (!parsed.ok) return fail(400, { fieldErrors: parsed.response.data.fieldErrors });
        const created = await createPlacement(db, { userId, campaignId, name: parsed.value.name });
        if (!created) notFound("Campaign not found");
        return back();
      }
      case "renamePlacement": {
        const parsed = parseFields(PlacementRenameSchema, fields);
        if (!parsed.ok) return fail(400, { fieldErrors: parsed.response.data.fieldErrors });
        if (!(await renamePlacement(db, { userId, campaignId, ...parsed.value }))) notFound("Placement not found");
        return back();
      }
      case "deletePlacement": {
        const parsed = parseFields(PlacementDeleteSchema, fields);
        if (!parsed.ok) notFound("Placement not found");
        // Already gone (a double submit, another tab) is what the owner asked for: back to the page.
        await deletePlacement(db, { userId, campaignId, placementId: parsed.value.placementId });
        return back();
      }
      default:
        return fail(400, { formError: "Unknown action" });
    }
  } catch (error) {
    if (isDomainError(error, "placement_name_taken")) return fail(400, { fieldErrors: { name: error.message } });
    if (isDomainError(error, "placement_limit")) return fail(400, { formError: error.message });
    throw error;
  }
}
