import { z } from "zod";
import type { FormResult } from "~/utils/form";
import { PASSWORD_MAX_LENGTH } from "./auth.schema";
import { weakPasswordReasons } from "./password";

const EmailField = z
  .string({ error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));

/** The new password and its confirmation (length and strength are checked once the link is known). */
export const ResetPasswordSchema = z
  .object({
    token: z.string().max(200).default(""),
    password: z.string().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`).default(""),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
  })
  .superRefine((value, context) => {
    if (value.password !== value.confirmPassword) {
      context.addIssue({ code: "custom", path: ["confirmPassword"], message: "New passwords do not match" });
    }
  });

/** A page that mails a link to an address (forgot password, email me a sign-in link). */
export const EmailRequestSchema = z.object({ email: EmailField });

/** What such a page's action answers; `result` is set when the address failed the schema. */
export type EmailRequestData = { sent?: true; error?: string; email?: string; result?: FormResult };

/** The reset form as the browser checks it: the fields, then the strength rules the action applies once it knows the account. */
export const NewPasswordSchema = ResetPasswordSchema.superRefine((value, context) => {
  const reasons = weakPasswordReasons(value.password);
  if (reasons.length) context.addIssue({ code: "custom", path: ["password"], message: reasons.join(". ") });
});
