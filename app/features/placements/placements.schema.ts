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

/** The placement's location: "" for none; left out of a rename, it stays as it was. */
const PlacementLocationSchema = z.union([z.literal(""), z.uuid("Choose a location from the list")]).optional();

export const PlacementCreateSchema = z.object({ name: PlacementNameSchema, locationId: PlacementLocationSchema });
export const PlacementRenameSchema = z.object({
  placementId: z.uuid("Placement not found"),
  name: PlacementNameSchema,
  locationId: PlacementLocationSchema,
});
export const PlacementDeleteSchema = z.object({ placementId: z.uuid("Placement not found") });
