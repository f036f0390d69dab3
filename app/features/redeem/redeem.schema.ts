import { z } from "zod";

/** Also the answer when the chosen campaign is not the owner's (found by the server only). */
export const STAFF_LINK_CAMPAIGN_MESSAGE = "Please choose a campaign from the list";
/** Also the answer when the chosen location is not the owner's. */
export const STAFF_LINK_LOCATION_MESSAGE = "Please choose a location from the list";

/** Redeem → Staff links → "New staff link": who or where it is for, and which campaign's and location's codes it may redeem. */
export const StaffLinkSchema = z.object({
  label: z.string({ error: "Please name this link" }).trim().min(1, "Please name this link").max(60, "Name must be at most 60 characters"),
  campaignId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.uuid(STAFF_LINK_CAMPAIGN_MESSAGE).nullable()),
  locationId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.uuid(STAFF_LINK_LOCATION_MESSAGE).nullable()),
});
