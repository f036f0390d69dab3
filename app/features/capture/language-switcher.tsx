// The visitor's language switcher inside the card (docs/features/visitor-languages.md), and the
// page's language as the translations know it.
// Rules: docs/features/visitor-languages.md ("The switcher").
import { useTranslation } from "react-i18next";
import { isLanguage, LANGUAGE_NAMES, LANGUAGE_PARAM, type Language } from "~/features/languages/languages";
import { useOfferedLanguages } from "~/features/languages/page-language";

/** The page's language as the translations know it (English where none is set, as in the wizard). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation("capture");
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/**
 * The visitor's language switcher, at the top of the card where people look: a
 * globe and the page's language, opening to the others the page has the owner's words in. A
 * `<details>` of plain links, so it works without JavaScript; the server remembers the choice in
 * a cookie and the next load is in that language at once. Nothing to switch: nothing shown.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation("capture");
  const current = usePageLanguage();
  const offered = useOfferedLanguages();
  if (offered.length < 2) return null;
  return (
    <nav className="cq-lang" aria-label={t("form.language")}>
      <details>
        <summary>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="10" />
            <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />
          </svg>
          <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        </summary>
        <ul>
          {offered.map((language) => (
            <li key={language}>
              <a
                href={`?${LANGUAGE_PARAM}=${language}`}
                lang={language}
                hrefLang={language}
                aria-current={language === current ? "true" : undefined}
                rel="nofollow"
              >
                {LANGUAGE_NAMES[language]}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
