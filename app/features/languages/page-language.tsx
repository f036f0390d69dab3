// The visitor's page in its language: an i18next instance made from the strings the
// loader sent (this language only), so the first render and hydration read the same words.
// Rules: docs/features/visitor-languages.md ("One language per page").
import i18next from "i18next";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { I18N_OPTIONS } from "./i18n-options";
import { LANGUAGES, type Language, type PageLocale } from "./languages";

export type { PageLocale };

export function PageLanguage({ locale, children }: { locale: PageLocale; children: ReactNode }) {
  const instance = useMemo(() => {
    const created = i18next.createInstance();
    void created.use(initReactI18next).init({
      ...I18N_OPTIONS,
      lng: locale.language,
      ns: Object.keys(locale.messages),
      resources: { [locale.language]: locale.messages as Record<string, Record<string, unknown>> },
    });
    return created;
  }, [locale]);
  return (
    <I18nextProvider i18n={instance}>
      <OfferedLanguages.Provider value={locale.offered ?? LANGUAGES}>{children}</OfferedLanguages.Provider>
    </I18nextProvider>
  );
}

const OfferedLanguages = createContext<readonly Language[]>(LANGUAGES);

/** The languages the page's switcher offers: those it has its owner's words in. */
export function useOfferedLanguages() {
  return useContext(OfferedLanguages);
}
