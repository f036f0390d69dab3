// Rules: docs/features/consent-and-erasure.md ("The person's rights").
import { z } from "zod";

export const RETENTION_MAX_MONTHS = 120;

/** Settings → Business identity & privacy. */
export const BusinessIdentitySchema = z.object({
  postalAddress: z.string().trim().max(500, "Postal address must be at most 500 characters").default(""),
  privacyPolicyUrl: z
    .string()
    .trim()
    .max(500, "Privacy policy URL must be at most 500 characters")
    .default("")
    .refine((value) => value === "" || (/^https:\/\/[^\s]+$/i.test(value) && URL.canParse(value)), "Please enter a full https:// address")
    .transform((value) => value || null),
  retentionMonths: z
    .string()
    .trim()
    .default("")
    .refine(
      (value) => value === "" || (/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= RETENTION_MAX_MONTHS),
      `Enter a number of months from 1 to ${RETENTION_MAX_MONTHS}, or leave empty to keep leads`,
    )
    .transform((value) => (value === "" ? null : Number(value))),
});

export type BusinessIdentityInput = z.output<typeof BusinessIdentitySchema>;
