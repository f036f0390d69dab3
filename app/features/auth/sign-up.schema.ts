import { CredentialsSchema } from "./auth.schema";
import { weakPasswordReasons } from "./password";

/**
 * Sign-up as the browser checks it: the credentials, then the password rules the action applies
 * after them (weak_password, answered with its reasons).
 */
export const SignUpSchema = CredentialsSchema.superRefine((value, context) => {
  const reasons = weakPasswordReasons(value.password, value.email);
  if (reasons.length) context.addIssue({ code: "custom", path: ["password"], message: reasons.join(". ") });
});
