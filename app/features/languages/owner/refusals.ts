// The domain's refusals in the owner's language. A refusal is thrown with its English message (what
// the REST API answers and logs keep) and the same words as a key of the `refusals` namespace; a
// page answers `refusalIn(error, language)`. A value may itself be words (a reason inside a
// sentence), translated in the same language.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { DomainError, type DomainErrorCode, type RefusalValue, type RefusalWords } from "~/utils/domain-error";
import { DEFAULT_LANGUAGE, type Language } from "../languages";
import { ownerT, type OwnerKey } from "./owner-language";

export type { RefusalWords } from "~/utils/domain-error";
export type RefusalKey = OwnerKey<"refusals">;

declare module "~/utils/domain-error" {
  /** A refusal's words name a key of the English `refusals` catalogue: any other fails `tsc`. */
  interface RefusalCatalogue {
    key: RefusalKey;
  }
}

/** Words for a refusal (a reason given inside another one, a verdict a function returns). */
export const words = (key: RefusalKey, values?: Record<string, RefusalValue>): RefusalWords => (values ? { key, values } : { key });

/** The words in a language (English unless told); a language without them reads English. */
export function wordsIn(refusal: RefusalWords, language: Language = DEFAULT_LANGUAGE): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(refusal.values ?? {})) values[name] = typeof value === "object" ? wordsIn(value, language) : value;
  return ownerT("refusals", language)(refusal.key, values);
}

/** A DomainError whose English message is the catalogue's English for `key`. */
export function refused(
  code: DomainErrorCode,
  key: RefusalKey,
  values?: Record<string, RefusalValue>,
  options: { retryAfterSeconds?: number } = {},
): DomainError {
  const refusal = words(key, values);
  return new DomainError(code, wordsIn(refusal), { ...options, words: refusal });
}

/** What a page shows for a refusal: its words in the owner's language, else its English message. */
export function refusalIn(error: DomainError, language: Language): string {
  return error.words ? wordsIn(error.words, language) : error.message;
}
