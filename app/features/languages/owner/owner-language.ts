// The owner's screens in their language, on the same library as the visitor's pages. One
// module-level instance holds the owner catalogues; the language is never the instance's own
// (requests render concurrently on the server): every lookup names it, from the signed-in layout's
// data through `OwnerLanguageContext`, so the server render and hydration read the same words, and a
// component test without providers reads English. English ships in every bundle; another language
// is added by the server (owner-catalogues.server.ts) and, in the browser, before hydration
// (owner-catalogues.client.ts). The capture page never imports this module.
// Rules: docs/features/visitor-languages.md ("The owner's screens", "One language per page").
import i18next from "i18next";
import { createElement, type ReactElement } from "react";
import { Trans, useTranslation } from "react-i18next";
import { I18N_OPTIONS } from "../i18n-options";
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, numberFormat, type Language } from "../languages";
import en, { type OwnerMessages } from "./en";
import { useOwnerLanguage } from "./owner-language-context";

export { OwnerLanguageContext, useOwnerLanguage } from "./owner-language-context";

export type OwnerNamespace = keyof OwnerMessages;

/** Every key of a namespace as a path ("steps.create.label"); a plural's forms answer to one key. */
type KeyOf<Tree> = {
  [K in keyof Tree & string]: Tree[K] extends string ? PluralBase<K> : `${K}.${KeyOf<Tree[K]>}`;
}[keyof Tree & string];
type PluralBase<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

export type OwnerKey<N extends OwnerNamespace> = KeyOf<OwnerMessages[N]>;

/** A translator of one namespace: a key that is not in the English catalogue fails `tsc`. */
export type OwnerT<N extends OwnerNamespace> = (key: OwnerKey<N>, values?: Record<string, string | number>) => string;

/** A translation of the English catalogue: the same keys, any plural forms its language needs. */
export type OwnerCatalogue = { [N in OwnerNamespace]: Record<string, unknown> };

const ownerI18n = i18next.createInstance();
void ownerI18n.init({
  ...I18N_OPTIONS,
  lng: DEFAULT_LANGUAGE,
  // A language whose catalogue has not reached the browser yet reads English, never bare keys.
  fallbackLng: DEFAULT_LANGUAGE,
  ns: Object.keys(en),
  defaultNS: false,
  resources: { en: en as unknown as Record<string, Record<string, unknown>> },
});

/** Adds a language's catalogue to the instance (the server at start, the browser before hydrating). */
export function addOwnerCatalogue(language: Language, messages: OwnerCatalogue) {
  for (const [namespace, tree] of Object.entries(messages)) ownerI18n.addResourceBundle(language, namespace, tree, true, true);
}

// One options object per language: react-i18next memoises on the options it is given.
const optionsByLanguage = new Map<Language, { i18n: typeof ownerI18n; lng: Language }>();
const optionsOf = (language: Language) => {
  let options = optionsByLanguage.get(language);
  if (!options) optionsByLanguage.set(language, (options = { i18n: ownerI18n, lng: language }));
  return options;
};

/** The owner's words of one namespace, for a component, in the signed-in member's language. */
export function useOwnerT<N extends OwnerNamespace>(namespace: N): OwnerT<N> {
  const { t } = useTranslation(namespace, optionsOf(useOwnerLanguage()));
  return t as unknown as OwnerT<N>;
}

/** The owner's words outside a component (a route's meta, an action's message, the header's words). */
export function ownerT<N extends OwnerNamespace>(namespace: N, language: Language = DEFAULT_LANGUAGE): OwnerT<N> {
  return ownerI18n.getFixedT(language, namespace) as unknown as OwnerT<N>;
}

/** The language the signed-in layout's data names (for a route's `meta`, which gets no context). */
export function ownerLanguageIn(matches: readonly unknown[]): Language {
  for (const match of matches) {
    const language = (match as { data?: { ownerLanguage?: unknown } } | undefined)?.data?.ownerLanguage;
    if (isLanguage(language)) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** A sentence with markup in it ("Redeemed: <strong>{{redeemed}}</strong> …"): the tags become the given elements. */
export function OwnerTrans<N extends OwnerNamespace>(props: {
  ns: N;
  k: OwnerKey<N>;
  values?: Record<string, string | number>;
  components: Record<string, ReactElement>;
}) {
  const language = useOwnerLanguage();
  return createElement(Trans, {
    i18n: ownerI18n,
    t: ownerI18n.getFixedT(language, props.ns),
    ns: props.ns,
    i18nKey: props.k,
    values: props.values,
    components: props.components,
  });
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date or moment in UTC, in a language's forms: "long" a day ("November 29, 2026"), "moment" a day and time. */
function dateIn(language: Language, style: "long" | "moment", value: Date | string): string {
  const key = `${language}:${style}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = style === "long" ? { dateStyle: "long" } : { dateStyle: "medium", timeStyle: "short" };
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], { ...options, timeZone: "UTC" });
    formats.set(key, format);
  }
  return format.format(new Date(value));
}

/** A moment on an owner's screen, in their language's forms, always in UTC (as the spec shows it); "Never" without one. */
export function formatWhenIn(language: Language, value: Date | string | null): string {
  return value ? `${dateIn(language, "moment", value)} UTC` : ownerT("common", language)("never");
}

/** Days ("November 29, 2026") and moments ("Nov 29, 2026, 9:00 AM", the caller says UTC) in the signed-in member's language. */
export function useOwnerDates() {
  const language = useOwnerLanguage();
  return { day: (value: Date | string) => dateIn(language, "long", value), moment: (value: Date | string) => dateIn(language, "moment", value) };
}

/** `formatWhenIn` in the signed-in member's language. */
export function useFormatWhen(): (value: Date | string | null) => string {
  const language = useOwnerLanguage();
  return (value) => formatWhenIn(language, value);
}

/** A count ("1,234"; "1.234" in German) and a share given in percent ("66.7%"; "66,7 %"), in the signed-in member's language. */
export function useOwnerNumbers() {
  const language = useOwnerLanguage();
  return {
    count: (value: number) => numberFormat(language).format(value),
    percent: (value: number) => numberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(value / 100),
  };
}
