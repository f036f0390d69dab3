import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/auth/auth.schema";

export const ProfileSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254, "Email is too long").pipe(z.email("Please enter a valid email address")),
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
    newPassword: z.string().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`).default(""),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  })
  .superRefine((value, context) => {
    if (!value.newPassword && !value.confirmPassword) return;
    if (value.newPassword !== value.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match" });
    } else if (value.newPassword.length < PASSWORD_MIN_LENGTH) {
      context.addIssue({ code: "custom", path: ["newPassword"], message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` });
    }
  });

export const BusinessSchema = z.object({
  businessName: z.string().trim().max(100, "Business name must be at most 100 characters").default(""),
});

export const DELETE_CONFIRMATION_WORD = "DELETE";

// The spec: anything but DELETE typed exactly (no trimming, no case folding) does nothing.
export const DeleteAccountSchema = z.object({
  confirmation: z
    .string()
    .default("")
    .refine((value) => value === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm.`),
});
