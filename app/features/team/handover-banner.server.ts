// The hand-over banner's words, looked up on the server and sent with the layout's data (as the
// header's), so the pages under the layout load neither i18next nor the owner catalogue.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";

/** The banner's sentence in order: plain words, the business's name, the link to review it. */
export type HandoverBannerPart = { kind: "text" | "business" | "review"; text: string };

/** "A hand-over is waiting for you: <business>…</business>. <review>…</review>" as parts, in the member's language. */
export function handoverBannerParts(business: string, language: Language): HandoverBannerPart[] {
  // The name is put in after the split, so markup in it stays text.
  const sentence = ownerT("team", language)("handover.banner", { business: "\u0000" });
  const parts: HandoverBannerPart[] = [];
  for (const piece of sentence.split(/(<business>.*?<\/business>|<review>.*?<\/review>)/)) {
    const tag = /^<(business|review)>(.*)<\/\1>$/.exec(piece);
    if (tag) parts.push({ kind: tag[1] as "business" | "review", text: tag[1] === "business" ? business : tag[2]! });
    else if (piece) parts.push({ kind: "text", text: piece });
  }
  return parts;
}
