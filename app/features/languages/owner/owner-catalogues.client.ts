// The owner catalogue of a language, loaded in the browser when a page first needs it: before an
// owner's page hydrates (the language the server rendered it in, `data-owner-language` on <html>)
// and before the signed-in layout shows another language after a navigation (signing up, signing
// in, choosing a language). A visitor's page loads nothing from here.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { isLanguage } from "../languages";
import { OWNER_CATALOGUE_CHUNKS } from "./owner-catalogues";

const loaded = new Map<string, Promise<void>>();

export function loadOwnerCatalogue(language: string | undefined): Promise<void> {
  const load = isLanguage(language) ? OWNER_CATALOGUE_CHUNKS[language] : undefined;
  if (!load || !isLanguage(language)) return Promise.resolve();
  let loading = loaded.get(language);
  if (!loading) {
    loading = Promise.all([import("./owner-language"), load()]).then(([{ addOwnerCatalogue }, catalogue]) =>
      addOwnerCatalogue(language, catalogue.default),
    );
    loaded.set(language, loading);
  }
  return loading;
}
