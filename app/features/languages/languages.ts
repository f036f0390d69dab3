// The languages a visitor can read the capture flow in. One file per language in
// ./locales; English is the source every other file must match key for key.
// Rules: docs/features/visitor-languages.md ("One language per page"); docs/features/domains.md ("White label").

import type { Messages } from "./locales/en";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

export const LANGUAGES = ["en", "es", "fr", "de", "pt", "it", "nl", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself: what the switcher shows, whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português",
  it: "Italiano",
  nl: "Nederlands",
  ar: "العربية",
};

/** The locale `Intl` formats numbers and dates with; English keeps the US forms the spec shows. */
export const INTL_LOCALES: Record<Language, string> = {
  en: "en-US",
  es: "es-ES",
  fr: "fr-FR",
  de: "de-DE",
  pt: "pt-PT",
  it: "it-IT",
  nl: "nl-NL",
  ar: "ar",
};

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(["ar"]);

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

/**
 * The visitor's own choice from the switcher: a small cookie, read by the next load (no extra
 * request). A neutral name, as the visitor id's.
 */
export const LANGUAGE_COOKIE = "v_lang";
export const LANGUAGE_COOKIE_DAYS = 365;
/** The switcher's link parameter: `?lang=es` turns the page Spanish and remembers it. */
export const LANGUAGE_PARAM = "lang";
/** The capture form's hidden field: the language the visitor read the form in. */
export const LANGUAGE_FIELD = "lang";

export function numberFormat(language: Language, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(INTL_LOCALES[language], options);
}

/** A page's language and the strings it can show in it (only those: "One language per page"). */
export type PageLocale = {
  language: Language;
  messages: DeepPartial<Messages>;
  /** The languages the page's switcher offers (every one when left out). */
  offered?: Language[];
};

/**
 * The languages a campaign's page can be read in: its own, then each one its owner translated
 * the copy into, in the switcher's order. A page is never in a language without the owner's words
 * (docs/features/visitor-languages.md).
 */
export function offeredLanguagesOf(pageLanguage: Language, translated: Iterable<string>): Language[] {
  const others = new Set([...translated].filter(isLanguage));
  return [pageLanguage, ...LANGUAGES.filter((language) => language !== pageLanguage && others.has(language))];
}
