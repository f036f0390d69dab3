// Before the owner's page hydrates: the catalogue of the language the server rendered it in
// (`data-owner-language` on <html>), so hydration reads the same words. A visitor's page has no
// such attribute and loads nothing from here.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { isLanguage } from "../languages";
import { OWNER_CATALOGUE_CHUNKS } from "./owner-catalogues";

export async function loadOwnerCatalogueOf(root: HTMLElement): Promise<void> {
  const language = root.dataset.ownerLanguage;
  const load = isLanguage(language) ? OWNER_CATALOGUE_CHUNKS[language] : undefined;
  if (!load || !isLanguage(language)) return;
  const [{ addOwnerCatalogue }, catalogue] = await Promise.all([import("./owner-language"), load()]);
  addOwnerCatalogue(language, catalogue.default);
}
