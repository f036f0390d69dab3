// A public page's words in a signed-in member's language, sent with the page's data: the page's
// bundle carries English only (public-words.ts). Rules: docs/features/visitor-languages.md
// ("The owner's screens"); docs/performance.md ("First paint").
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from "../languages";
import { SERVER_OWNER_CATALOGUES } from "./owner-language.server";
import type { PublicPages } from "./public-words";

/** Null in English, which the page already has; otherwise that language's namespace. */
export function publicWordsIn<P extends keyof PublicPages>(page: P, language: Language): PublicPages[P] | null {
  if (language === DEFAULT_LANGUAGE) return null;
  const catalogue = SERVER_OWNER_CATALOGUES[language] as unknown as Partial<PublicPages> | undefined;
  return catalogue?.[page] ?? null;
}

const longDates = new Map<Language, Intl.DateTimeFormat>();

/** A post's day in the language's long form, in UTC: "November 22, 2026" in English (the spec's, as `formatPostDate`). */
export function postDateIn(language: Language, date: Date): string {
  let format = longDates.get(language);
  if (!format) longDates.set(language, (format = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: "long", timeZone: "UTC" })));
  return format.format(date);
}
