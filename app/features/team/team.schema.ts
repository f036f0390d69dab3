import { z } from "zod";
import { formErrors } from "./form-errors";
import { INVITED_ROLES } from "./team";

const ERRORS = formErrors("team", { emailMissing: {}, emailInvalid: {}, role: {}, locations: {} });

/** The schema's field errors in a member's language. */
export const teamErrorsIn = ERRORS.in;

/** Checkboxes post one value per box ticked: none, one or a list. */
const locations = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : [value].flat()),
  z.array(z.uuid(ERRORS.en("locations"))).max(100),
);
const role = z.enum(INVITED_ROLES, { error: ERRORS.en("role") });

export const InviteSchema = z.object({
  email: z
    .string({ error: ERRORS.en("emailMissing") })
    .trim()
    .toLowerCase()
    .pipe(z.email(ERRORS.en("emailInvalid")).max(254, ERRORS.en("emailInvalid"))),
  role,
  locationIds: locations,
});

export const MemberUpdateSchema = z.object({ memberId: z.uuid("Member not found"), role, locationIds: locations });
export const MemberRemoveSchema = z.object({ memberId: z.uuid("Member not found") });
export const InviteWithdrawSchema = z.object({ inviteId: z.uuid("Invitation not found") });
