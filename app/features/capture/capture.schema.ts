import { z } from "zod";

// The form's field names, limits and messages live in `capture-fields.ts`, without zod: the
// capture page's script reads them, and zod stays on the server (docs/performance.md, "First paint").
import { LEAD_LIMITS } from "./capture-fields";

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

// Unknown fields are dropped by z.object; the campaign comes from the URL, never the body.
export const LeadSchema = z.object({
  name: z
    .string({ error: "Please enter your full name" })
    .trim()
    .min(1, "Please enter your full name")
    .max(LEAD_LIMITS.name, `Name must be at most ${LEAD_LIMITS.name} characters`),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(LEAD_LIMITS.email, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(LEAD_LIMITS.phone, `Phone number must be at most ${LEAD_LIMITS.phone} characters`)
      .regex(/^[0-9 +()\-.]*[0-9][0-9 +()\-.]*$/, "Please enter a valid phone number")
      .optional(),
  ),
});

export type Lead = z.infer<typeof LeadSchema>;
