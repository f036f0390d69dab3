// Rules: docs/features/visitor-languages.md ("One language per page").
import type { InitOptions } from "i18next";

/** The options the server's and the page's instances share. */
export const I18N_OPTIONS: InitOptions = {
  // Resources are given in full: nothing to load, so init is synchronous.
  initAsync: false,
  fallbackLng: false,
  // React and the email templates escape what they render; the plain-text parts must not be escaped.
  interpolation: { escapeValue: false },
  returnNull: false,
  // A key is a path into the language file ("form.name"), never a sentence.
  keySeparator: ".",
  nsSeparator: false,
};
