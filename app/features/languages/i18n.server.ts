// The server's translations: every language file, one i18next instance per language.
// Emails and the consent wording are written here; a page gets only its own language's namespace.
// Rules: docs/features/visitor-languages.md ("One language per page"); docs/features/domains.md ("White label").
import i18next, { type TFunction } from "i18next";
import ar from "./locales/ar";
import de from "./locales/de";
import en, { type Messages, type Namespace } from "./locales/en";
import es from "./locales/es";
import fr from "./locales/fr";
import it from "./locales/it";
import nl from "./locales/nl";
import pt from "./locales/pt";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type PageLocale } from "./languages";
import { I18N_OPTIONS } from "./i18n-options";

export const MESSAGES: Record<Language, Messages> = { en, es, fr, de, pt, it, nl, ar };

const translators = new Map<string, TFunction>();

/** A translator of one namespace in one language (synchronous: every resource is in memory). */
export function translatorFor(language: Language, namespace: Namespace): TFunction {
  const key = `${language}:${namespace}`;
  let t = translators.get(key);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      ...I18N_OPTIONS,
      lng: language,
      ns: [namespace],
      defaultNS: namespace,
      resources: Object.fromEntries(LANGUAGES.map((each) => [each, MESSAGES[each]])),
    });
    t = instance.getFixedT(language, namespace);
    translators.set(key, t);
  }
  return t;
}

/** What a page of the visitor's flow ships: its language, and that language's strings of the namespaces it shows. */
export type { PageLocale };

/**
 * A page's strings: its language only, and of each namespace only the keys (`"thanks"`,
 * `"errors.failed"`) the page can show, when given; they travel in the page's HTML.
 */
export function pageLocaleOf(language: Language, namespaces: Namespace[], only: Partial<Record<Namespace, readonly string[]>> = {}): PageLocale {
  const messages = MESSAGES[language] ?? MESSAGES[DEFAULT_LANGUAGE];
  const picked = namespaces.map((namespace) => {
    const keys = only[namespace];
    return [namespace, keys ? pick(messages[namespace] as unknown as Tree, keys) : messages[namespace]] as const;
  });
  return { language, messages: Object.fromEntries(picked) as PageLocale["messages"] };
}

type Tree = { [key: string]: string | Tree };

/**
 * The page's strings without any that names LeadQR (the name stays as it is in every language):
 * for a page an Enterprise owner's visitor opens, whose source would otherwise carry
 * the branded words next to the unbranded ones it shows.
 */
export function withoutBrandedMessages(locale: PageLocale): PageLocale {
  const strip = (tree: Tree): Tree =>
    Object.fromEntries(
      Object.entries(tree)
        .filter(([, value]) => typeof value !== "string" || !/leadqr/i.test(value))
        .map(([key, value]) => [key, typeof value === "string" ? value : strip(value)]),
    );
  return { ...locale, messages: strip(locale.messages as unknown as Tree) as unknown as PageLocale["messages"] };
}

function pick(tree: Tree, paths: readonly string[]) {
  const out: Tree = {};
  for (const path of paths) {
    const parts = path.split(".");
    let from: string | Tree | undefined = tree;
    let to = out;
    parts.forEach((part, index) => {
      from = typeof from === "object" ? from[part] : undefined;
      if (from === undefined) return;
      if (index === parts.length - 1) to[part] = from;
      else to = (to[part] ??= {}) as Tree;
    });
  }
  return out;
}
