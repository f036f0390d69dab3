// The owner's translations of their own copy (decision 450): headline, offer, condition and
// thank-you per language, kept in one JSON column of the campaign. A field the owner left empty
// shows their original words inside the translated page.
import type { CopyTranslation, CopyTranslations } from "~/db/schema/campaigns";
import { isLanguage, LANGUAGES, type Language } from "~/features/languages/languages";
import { withoutNul } from "~/utils/text";
import { FIELD_LIMITS } from "./campaigns";

export type { CopyTranslation, CopyTranslations };

/** The owner's words a visitor sees, by the name the translations use. */
export type CampaignCopy = { headline: string; offer: string; condition: string; thankYou: string };

export const COPY_FIELDS = ["headline", "offer", "condition", "thankYou"] as const;
export type CopyField = (typeof COPY_FIELDS)[number];

export const COPY_FIELD_LABELS: Record<CopyField, string> = {
  headline: "Headline",
  offer: "Offer",
  condition: "Condition",
  thankYou: "Thank-you message",
};

export const COPY_FIELD_LIMITS: Record<CopyField, number> = {
  headline: FIELD_LIMITS.aiHeadline,
  offer: FIELD_LIMITS.discount,
  condition: FIELD_LIMITS.minOrder,
  thankYou: FIELD_LIMITS.aiThankyou,
};

/** The form field of one language's one field: `translation.es.headline`. */
export const translationFieldName = (language: Language, field: CopyField) => `translation.${language}.${field}`;

/** One field as kept: trimmed, without NUL, cut to the original's limit; empty is "not translated". */
function cleanField(value: unknown, field: CopyField) {
  return typeof value === "string" ? withoutNul(value).trim().slice(0, COPY_FIELD_LIMITS[field]) : "";
}

/** Only known languages and fields with words in them: what is stored, whatever was posted or read. */
export function cleanTranslations(raw: unknown): CopyTranslations {
  const out: CopyTranslations = {};
  if (!raw || typeof raw !== "object") return out;
  for (const [language, fields] of Object.entries(raw as Record<string, unknown>)) {
    if (!isLanguage(language) || !fields || typeof fields !== "object") continue;
    const kept: CopyTranslation = {};
    for (const field of COPY_FIELDS) {
      const value = cleanField((fields as Record<string, unknown>)[field], field);
      if (value) kept[field] = value;
    }
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out;
}

/** The translations a form posted (`translation.{language}.{field}`). */
export function translationsFromFields(fields: Record<string, string>): CopyTranslations {
  const raw: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    for (const field of COPY_FIELDS) {
      const value = fields[translationFieldName(language, field)];
      if (value !== undefined) (raw[language] ??= {})[field] = value;
    }
  }
  return cleanTranslations(raw);
}

/** The copy a page in `language` shows: the owner's translation where there is one, else their original. */
export function copyIn(original: CampaignCopy, translations: CopyTranslations, language: Language): CampaignCopy {
  const translated = translations[language] ?? {};
  return {
    headline: translated.headline || original.headline,
    offer: translated.offer || original.offer,
    condition: translated.condition || original.condition,
    thankYou: translated.thankYou || original.thankYou,
  };
}
