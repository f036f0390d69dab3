// The header's words are looked up on the server and sent with the layout's data, so the pages under
// the shared header (the landing page, pricing, the blog) load neither i18next nor the owner
// catalogue in the browser (docs/performance.md, "First paint").
import type { Language } from "~/features/languages/languages";
import { ownerT, type OwnerKey } from "~/features/languages/owner/owner-language";
import en from "~/features/languages/owner/en";

export type HeaderWords = Record<OwnerKey<"nav">, string>;

/** Every word of the header in the owner's language; `plan` names the signed-in owner's plan. */
export function headerWords(planName: string | null, language: Language = "en"): HeaderWords {
  const t = ownerT("nav", language);
  const keys = Object.keys(en.nav) as OwnerKey<"nav">[];
  return Object.fromEntries(keys.map((key) => [key, t(key, { plan: planName ?? "" })])) as HeaderWords;
}
