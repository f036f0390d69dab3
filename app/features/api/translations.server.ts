// The owner's translations of a campaign's copy as the REST API shows and takes them (decision
// 454): the API's field names (`thank_you`), the wizard's and the Languages page's rule.
import type { z } from "zod";
import { checkTranslations, cleanTranslations, COPY_FIELDS, type CopyField } from "~/features/campaigns/copy-translations";
import type { TranslationsSchema } from "./api.schema";
import { ApiProblem } from "./problem.server";

/** The copy's fields by the names the API gives the campaign's own. */
const API_NAMES: Record<CopyField, "headline" | "offer" | "condition" | "thank_you"> = {
  headline: "headline",
  offer: "offer",
  condition: "condition",
  thankYou: "thank_you",
};

/** Stored translations as the API shows them: per language, only the fields translated. */
export function translationsResource(stored: unknown) {
  const out: Record<string, Partial<Record<(typeof API_NAMES)[CopyField], string>>> = {};
  for (const [language, translation] of Object.entries(cleanTranslations(stored))) {
    const fields: Partial<Record<(typeof API_NAMES)[CopyField], string>> = {};
    for (const field of COPY_FIELDS) if (translation[field]) fields[API_NAMES[field]] = translation[field];
    out[language] = fields;
  }
  return out;
}

/**
 * `translations` of a request body, checked by the one rule (`checkTranslations`); a refusal is
 * the API's 422 naming each field its way (`translations.es.thank_you`).
 */
export function checkedApiTranslations(body: z.output<typeof TranslationsSchema>, pageLanguage: string) {
  const internal = Object.fromEntries(
    Object.entries(body).map(([language, fields]) => [
      language,
      Object.fromEntries(COPY_FIELDS.map((field) => [field, fields[API_NAMES[field]]]).filter(([, value]) => value !== undefined)),
    ]),
  );
  const checked = checkTranslations(internal, pageLanguage);
  if (checked.ok) return checked.value;
  const errors = checked.problems.map((problem) => ({
    path: ["translations", problem.language, problem.field && API_NAMES[problem.field as CopyField]].filter(Boolean).join("."),
    message: problem.message,
  }));
  throw new ApiProblem(422, "Validation failed", "Some fields are missing or invalid.", errors);
}
