// The fixed words of every visitor email (the code block, the foot) in the visitor's language.
// Rules: docs/features/domains.md ("White label").
import { translatorFor } from "./i18n.server";
import { directionOf, type Language } from "./languages";

/**
 * `whiteLabel` (Enterprise): the foot and the sender name carry the business alone;
 * otherwise the sender reads "{business} via LeadQR", the foot says who sent it.
 */
export function visitorMailWords(language: Language, business: string, whiteLabel = false) {
  const t = translatorFor(language, "email");
  return {
    // Left-to-right is the default: only a right-to-left language says so.
    document: { lang: language, dir: directionOf(language) === "rtl" ? ("rtl" as const) : undefined },
    code: { title: t("offerCode.codeTitle"), show: translatorFor(language, "capture")("claim.show") },
    sentBy: whiteLabel ? t("footer.sentFor", { business }) : t("footer.sentBy", { business }),
    senderName: whiteLabel ? business : `${business} via LeadQR`,
  };
}
