import { z } from "zod";
import { cleanInput } from "~/utils/text";

export const PLACEMENT_NAME_MAX = 60;
/** Enough for every printed copy a small business puts up; keeps the comparison table readable. */
export const PLACEMENTS_PER_CAMPAIGN = 50;

export const PlacementNameSchema = z
  .string({ error: "Please give the placement a name" })
  .transform((value) => cleanInput(value).replace(/\s+/g, " ").trim())
  .pipe(
    z.string().min(1, "Please give the placement a name").max(PLACEMENT_NAME_MAX, `Placement names are at most ${PLACEMENT_NAME_MAX} characters`),
  );

export const PlacementCreateSchema = z.object({ name: PlacementNameSchema });
export const PlacementRenameSchema = z.object({ placementId: z.uuid("Placement not found"), name: PlacementNameSchema });
export const PlacementDeleteSchema = z.object({ placementId: z.uuid("Placement not found") });
