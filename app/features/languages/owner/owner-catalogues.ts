// The languages the owner's screens speak: English, and each language with an owner catalogue.
// The browser loads a catalogue only for the language it is shown in (before hydrating); the
// server holds them all (owner-language.server.ts), and a test keeps the two lists the same.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { LANGUAGES, type Language } from "../languages";
import type { OwnerCatalogue } from "./owner-language";

type Load = () => Promise<{ default: OwnerCatalogue }>;

/** Each translated catalogue, as a chunk of its own. */
export const OWNER_CATALOGUE_CHUNKS: Partial<Record<Language, Load>> = {
  es: () => import("./es/index"),
  fr: () => import("./fr/index"),
  de: () => import("./de/index"),
  pt: () => import("./pt/index"),
  it: () => import("./it/index"),
  nl: () => import("./nl/index"),
  ar: () => import("./ar/index"),
};

/** In the switcher's order: English, then each language with a catalogue. */
export const OWNER_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) => language === "en" || language in OWNER_CATALOGUE_CHUNKS);
