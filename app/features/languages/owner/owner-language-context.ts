// The signed-in member's language, given by the layout above every owner screen: a module of its
// own, so the layout (and the landing page, pricing and the blog under it) carries neither i18next
// nor the owner catalogue (docs/performance.md, "First paint").
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { createContext, useContext } from "react";
import { DEFAULT_LANGUAGE, type Language } from "../languages";

/** English without a layout above (a component test). */
export const OwnerLanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export function useOwnerLanguage(): Language {
  return useContext(OwnerLanguageContext);
}
