// The verification banner's words, looked up on the server and sent with the layout's data (as the
// header's), so the pages under the layout load neither i18next nor the owner catalogue.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";

/** The banner's words in the member's language, sent with the layout's data. */
export type VerifyBannerWords = { label: string; before: string; after: string; resend: string };

// Stands for the address while the sentence is split around its <strong>.
const ADDRESS = "\u0000";

/** The banner in the member's language: the sentence before and after the address, which the banner shows in bold. */
export function verifyBannerWords(language: Language): VerifyBannerWords {
  const t = ownerT("auth", language);
  const [before = "", after = ""] = t("verify.banner", { email: ADDRESS }).split(`<strong>${ADDRESS}</strong>`);
  return { label: t("verify.title"), before, after, resend: t("verify.resendLink") };
}
