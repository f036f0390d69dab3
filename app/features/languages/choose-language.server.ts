// Which language a visitor's page is in: the switcher's choice (the link just
// followed, else its cookie), else the browser's Accept-Language best supported match, else the
// campaign's own language.
// Rules: docs/features/visitor-languages.md ("The switcher"); docs/features/domains.md ("White label").
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, LANGUAGES, type Language } from "./languages";

/** The cookie before the "White label" amendment: still read, and moved, until the last one expires. Server-only (no client bundle names it). */
export const LEGACY_LANGUAGE_COOKIE = "leadqr.lang";

const NO_MATCH = "und";
const cookiePattern = (name: string) => new RegExp(`(?:^|;\\s*)${name.replace(".", "\\.")}=([a-z]{2})(?:;|$)`);
const COOKIE_PATTERN = cookiePattern(LANGUAGE_COOKIE);
const LEGACY_COOKIE_PATTERN = cookiePattern(LEGACY_LANGUAGE_COOKIE);

/** The language the browser asks for, best match first among `offered`; null when none of them fits. */
export function acceptedLanguageOf(acceptLanguage: string | null | undefined, offered: readonly Language[] = LANGUAGES): Language | null {
  if (!acceptLanguage) return null;
  const requested = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages().filter((tag) => tag !== "*");
  if (requested.length === 0) return null;
  let found: string;
  try {
    // BCP 47 lookup: a regional tag (es-MX, pt-BR, de-AT, nl-BE) is its language's. Not "best fit":
    // CLDR's closeness maps languages we lack (xh, zu) to English, over the campaign's own language.
    found = match(requested, [...offered], NO_MATCH, { algorithm: "lookup" });
  } catch {
    // A malformed tag in the header: no preference, rather than an error page.
    return null;
  }
  return isLanguage(found) ? found : null;
}

/** The remembered choice: the cookie's, else (until it expires) the one kept under the old name. */
export function languageCookieOf(cookieHeader: string | null | undefined): Language | null {
  return languageIn(cookieHeader, LANGUAGE_COOKIE, COOKIE_PATTERN) ?? languageIn(cookieHeader, LEGACY_LANGUAGE_COOKIE, LEGACY_COOKIE_PATTERN);
}

function languageIn(cookieHeader: string | null | undefined, name: string, pattern: RegExp): Language | null {
  if (!cookieHeader || !cookieHeader.includes(name)) return null;
  const value = pattern.exec(cookieHeader)?.[1];
  return isLanguage(value) ? value : null;
}

export type LanguageRequest = {
  /** `?lang=` of the switcher's link. */
  chosen?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  /** The campaign's language, chosen by its owner. */
  fallback: Language;
  /**
   * The languages the page has its owner's words in (its own and each translated one): a page is
   * in one language (docs/features/visitor-languages.md), so any other choice gets the fallback.
   * Every language when left out (a page with no owner's words, such as "not found").
   */
  offered?: readonly Language[];
};

/** The page's language, and the cookie to set when the visitor just chose one that is not remembered yet. */
export function chooseLanguage(request: LanguageRequest): { language: Language; remember: boolean } {
  const offered = request.offered ?? LANGUAGES;
  const isOffered = (language: Language | null): language is Language => language !== null && offered.includes(language);
  const remembered = languageIn(request.cookie, LANGUAGE_COOKIE, COOKIE_PATTERN);
  if (isLanguage(request.chosen) && isOffered(request.chosen)) return { language: request.chosen, remember: request.chosen !== remembered };
  if (isOffered(remembered)) return { language: remembered, remember: false };
  // Kept under the old name: followed, and set again under the new one.
  const moved = remembered ? null : languageIn(request.cookie, LEGACY_LANGUAGE_COOKIE, LEGACY_COOKIE_PATTERN);
  if (isOffered(moved)) return { language: moved, remember: true };
  const fallback = isOffered(request.fallback) ? request.fallback : (offered[0] ?? request.fallback);
  return { language: acceptedLanguageOf(request.acceptLanguage, offered) ?? fallback, remember: false };
}

export function languageCookieHeader(language: Language, secure: boolean) {
  const attributes = [`${LANGUAGE_COOKIE}=${language}`, "Path=/", `Max-Age=${LANGUAGE_COOKIE_DAYS * 86_400}`, "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
