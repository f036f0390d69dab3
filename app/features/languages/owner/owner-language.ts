// The owner's screens in their language: English only for now, on the same library
// as the visitor's pages. One module-level instance holds the owner catalogue, so the
// server render, hydration and a component test without providers all read the same words; the
// capture page never imports this module, so its bundle carries none of these strings.
// Rules: docs/features/visitor-languages.md ("The owner's screens", "One language per page").
import i18next from "i18next";
import { createElement, type ReactElement } from "react";
import { Trans, useTranslation } from "react-i18next";
import { I18N_OPTIONS } from "../i18n-options";
import en, { type OwnerMessages } from "./en";

export type OwnerNamespace = keyof OwnerMessages;

/** Every key of a namespace as a path ("steps.create.label"); a plural's `_one`/`_other` forms answer to one key. */
type KeyOf<Tree> = {
  [K in keyof Tree & string]: Tree[K] extends string ? PluralBase<K> : `${K}.${KeyOf<Tree[K]>}`;
}[keyof Tree & string];
type PluralBase<K extends string> = K extends `${infer Base}_${"zero" | "one" | "other"}` ? Base : K;

export type OwnerKey<N extends OwnerNamespace> = KeyOf<OwnerMessages[N]>;

/** A translator of one namespace: a key that is not in the English catalogue fails `tsc`. */
export type OwnerT<N extends OwnerNamespace> = (key: OwnerKey<N>, values?: Record<string, string | number>) => string;

const ownerI18n = i18next.createInstance();
void ownerI18n.init({
  ...I18N_OPTIONS,
  lng: "en",
  ns: Object.keys(en),
  defaultNS: false,
  resources: { en: en as unknown as Record<string, Record<string, unknown>> },
});

// One object for every call: react-i18next memoises on the options it is given.
const OWNER_OPTIONS = { i18n: ownerI18n };

/** The owner's words of one namespace, for a component (re-renders when the owner's language changes). */
export function useOwnerT<N extends OwnerNamespace>(namespace: N): OwnerT<N> {
  const { t } = useTranslation(namespace, OWNER_OPTIONS);
  return t as unknown as OwnerT<N>;
}

/** The owner's words outside a component: a route's meta, a list built before rendering. */
export function ownerT<N extends OwnerNamespace>(namespace: N): OwnerT<N> {
  return ownerI18n.getFixedT(null, namespace) as unknown as OwnerT<N>;
}

/** A sentence with markup in it ("Redeemed: <strong>{{redeemed}}</strong> …"): the tags become the given elements. */
export function OwnerTrans<N extends OwnerNamespace>(props: {
  ns: N;
  k: OwnerKey<N>;
  values?: Record<string, string | number>;
  components: Record<string, ReactElement>;
}) {
  return createElement(Trans, { i18n: ownerI18n, ns: props.ns, i18nKey: props.k, values: props.values, components: props.components });
}
