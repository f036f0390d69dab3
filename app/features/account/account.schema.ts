import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/auth/auth.schema";
import { ownerT, type OwnerT } from "~/features/languages/owner/owner-language";

export const DELETE_CONFIRMATION_WORD = "DELETE";

/** The account forms' messages in a language (the owner catalogue's `refusals.forms`): one schema for the browser and the action. */
export function accountFormMessages(t: OwnerT<"refusals">) {
  return {
    emailTooLong: t("forms.emailTooLong"),
    emailInvalid: t("forms.emailInvalid"),
    passwordTooLong: t("forms.passwordTooLong", { max: PASSWORD_MAX_LENGTH }),
    passwordsDiffer: t("forms.passwordsDiffer"),
    passwordTooShort: t("forms.passwordTooShort", { min: PASSWORD_MIN_LENGTH }),
    businessNameTooLong: t("forms.businessNameTooLong"),
    typeToConfirm: t("forms.typeToConfirm", { word: DELETE_CONFIRMATION_WORD }),
  };
}
export type AccountFormMessages = ReturnType<typeof accountFormMessages>;

export function profileSchemaIn(messages: AccountFormMessages) {
  return z
    .object({
      email: z.string().trim().toLowerCase().max(254, messages.emailTooLong).pipe(z.email(messages.emailInvalid)),
      currentPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
      newPassword: z.string().max(PASSWORD_MAX_LENGTH, messages.passwordTooLong).default(""),
      confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).default(""),
    })
    .superRefine((value, context) => {
      if (!value.newPassword && !value.confirmPassword) return;
      if (value.newPassword !== value.confirmPassword) {
        context.addIssue({ code: "custom", path: ["confirmPassword"], message: messages.passwordsDiffer });
      } else if (value.newPassword.length < PASSWORD_MIN_LENGTH) {
        context.addIssue({ code: "custom", path: ["newPassword"], message: messages.passwordTooShort });
      }
    });
}

export function businessSchemaIn(messages: AccountFormMessages) {
  return z.object({
    businessName: z.string().trim().max(100, messages.businessNameTooLong).default(""),
  });
}

// The spec: anything but DELETE typed exactly (no trimming, no case folding) does nothing.
export function deleteAccountSchemaIn(messages: AccountFormMessages) {
  return z.object({
    confirmation: z
      .string()
      .default("")
      .refine((value) => value === DELETE_CONFIRMATION_WORD, messages.typeToConfirm),
  });
}

const english = /* @__PURE__ */ accountFormMessages(ownerT("refusals"));
/** The forms in English (a page signed out, the campaign wizard's business name, tests). */
export const ProfileSchema = /* @__PURE__ */ profileSchemaIn(english);
export const BusinessSchema = /* @__PURE__ */ businessSchemaIn(english);
export const DeleteAccountSchema = /* @__PURE__ */ deleteAccountSchemaIn(english);
