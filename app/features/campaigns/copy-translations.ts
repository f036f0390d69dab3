// The owner's translations of their own copy: headline, offer, condition and
// thank-you per language, kept in one JSON column of the campaign. A field the owner left empty
// shows their original words inside the translated page.
// Rules: docs/features/visitor-languages.md ("The owner's translations"); docs/decisions/061-input-boundary-rules.md.
import type { CopyTranslation, CopyTranslations } from "~/db/schema/campaigns";
import { isLanguage, LANGUAGES, type Language } from "~/features/languages/languages";
import { cleanInput } from "~/utils/text";
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

/** One field as kept: trimmed, without NUL or bidi controls, cut to the original's limit; empty is "not translated". */
function cleanField(value: unknown, field: CopyField) {
  return typeof value === "string" ? cleanInput(value).trim().slice(0, COPY_FIELD_LIMITS[field]) : "";
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

/**
 * What a form posted (`translation.{language}.{field}`), as typed: for `checkTranslations`, and
 * to give back unchanged when it is refused. The page's own language is not a translation of
 * itself: a form never shows it, so it is left out here.
 */
export function translationsFromFields(fields: Record<string, string>, pageLanguage: string): CopyTranslations {
  const raw: CopyTranslations = {};
  for (const language of LANGUAGES) {
    if (language === pageLanguage) continue;
    for (const field of COPY_FIELDS) {
      const value = fields[translationFieldName(language, field)];
      if (value !== undefined) (raw[language] ??= {})[field] = value.slice(0, 1000);
    }
  }
  return raw;
}

/** Where a translation was refused: its language, and its field when the fault is one field's. */
export type TranslationProblem = { language?: string; field?: string; message: string };

export type CheckedTranslations = { ok: true; value: CopyTranslations } | { ok: false; problems: TranslationProblem[] };

/**
 * The one rule for the owner's translations, wherever they come from (the Languages page, the
 * wizard, the REST API): an object of languages we have other than the page's own,
 * each with only the four fields as text within the original's limit. Words are trimmed; an
 * empty field (or language) is "not translated", so the owner's original shows there.
 */
export function checkTranslations(raw: unknown, pageLanguage: string): CheckedTranslations {
  if (!raw || typeof raw !== "object" || Array.isArray(raw))
    return { ok: false, problems: [{ message: "Must be an object keyed by language code." }] };
  const problems: TranslationProblem[] = [];
  for (const [language, fields] of Object.entries(raw as Record<string, unknown>)) {
    if (!isLanguage(language)) problems.push({ language, message: `Not a language we have; use one of ${LANGUAGES.join(", ")}.` });
    else if (language === pageLanguage) problems.push({ language, message: "This is the page's own language: its words are the campaign's copy." });
    else if (!fields || typeof fields !== "object" || Array.isArray(fields)) problems.push({ language, message: "Must be an object of fields." });
    else problems.push(...fieldProblems(language, fields as Record<string, unknown>));
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: cleanTranslations(raw) };
}

function fieldProblems(language: Language, fields: Record<string, unknown>): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!(COPY_FIELDS as readonly string[]).includes(field)) problems.push({ language, field, message: "Not a field of the copy." });
    else if (value !== null && typeof value !== "string") problems.push({ language, field, message: "Must be text." });
    else if (typeof value === "string" && cleanInput(value).trim().length > COPY_FIELD_LIMITS[field as CopyField]) {
      const limit = COPY_FIELD_LIMITS[field as CopyField];
      problems.push({ language, field, message: `${COPY_FIELD_LABELS[field as CopyField]} must be at most ${limit} characters.` });
    }
  }
  return problems;
}

/** A refused form's problems by the form field they belong to (`translation.es.headline`). */
export function translationFieldErrors(problems: TranslationProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const name = problem.field
      ? `translation.${problem.language}.${problem.field}`
      : problem.language
        ? `translation.${problem.language}`
        : "translations";
    errors[name] ??= problem.message;
  }
  return errors;
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
