import { z } from "zod";
import { INVITED_ROLES } from "./team";

/** Checkboxes post one value per box ticked: none, one or a list. */
const locations = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : [value].flat()),
  z.array(z.uuid("Choose locations from the list")).max(100),
);
const role = z.enum(INVITED_ROLES, { error: "Choose a role" });

export const InviteSchema = z.object({
  email: z
    .string({ error: "Please enter an email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email address").max(254, "Please enter a valid email address")),
  role,
  locationIds: locations,
});

export const MemberUpdateSchema = z.object({ memberId: z.uuid("Member not found"), role, locationIds: locations });
export const MemberRemoveSchema = z.object({ memberId: z.uuid("Member not found") });
export const InviteWithdrawSchema = z.object({ inviteId: z.uuid("Invitation not found") });
