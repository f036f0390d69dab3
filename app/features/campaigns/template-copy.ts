// Copy for a campaign without the AI service: the template for its business type, and the text
// rule every copy (template or model) passes. Campaigns own it, so the wizard can prefill it and the
// AI flow above can fall back to it.
import { DEFAULT_LANGUAGE, isLanguage } from "~/features/languages/languages";
import { FIELD_LIMITS } from "./campaigns";
import { TEMPLATE_WORDS, type Kind } from "./template-words";

export type GeneratedCopy = { headline: string; thankyou: string };

/** Control characters and runs of whitespace removed, cut to `max` characters at a word. */
export function cleanText(value: unknown, max: number) {
  if (typeof value !== "string") return "";
  const flat = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trim();
}

const KIND_OF: Array<{ kind: Kind; types: string[] }> = [
  { kind: "food", types: ["Restaurant", "Food Truck", "Coffee Shop", "Bakery", "Bar/Pub", "Fast Food", "Food Cart", "Market Stall"] },
  { kind: "beauty", types: ["Salon/Spa", "Barbershop", "Nail Salon", "Massage Therapy", "Beauty Clinic"] },
  { kind: "fitness", types: ["Gym/Fitness", "Yoga Studio", "Personal Training", "Dance Studio", "Martial Arts"] },
  {
    kind: "retail",
    types: [
      "Boutique",
      "Clothing Store",
      "Jewelry Store",
      "Gift Shop",
      "Bookstore",
      "Hardware Store",
      "Electronics",
      "Furniture",
      "Home Decor",
      "Florist",
      "Pet Store",
      "Pop-up Shop",
    ],
  },
];

/** Local copy for a business type and offer in the page's language, used when the AI service is not available. */
export function templateCopy(input: { businessType: string; offer: string; condition: string; language?: string }): GeneratedCopy {
  const kind = KIND_OF.find((each) => each.types.includes(input.businessType))?.kind ?? "other";
  const words = TEMPLATE_WORDS[isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE];
  // The owner's words stand alone after a colon, never inside a sentence (docs/features/visitor-languages.md):
  // "A free pastry", "20% off" and "Buy one, get one free" all read well there.
  const offer = withoutEndPunctuation(cleanText(input.offer, 80));
  const condition = withoutEndPunctuation(cleanText(input.condition, 120));
  const fill = (template: string, value: string) => template.replace("{value}", value);
  const thankyou = [words.opening, offer ? fill(words.offer, offer) : "", condition ? fill(words.condition, condition) : "", words.closing[kind]];
  return {
    headline: cleanText(offer ? fill(words.headline[kind], offer) : words.headline[kind].replace(/\s*:\s*\{value\}$/, ""), FIELD_LIMITS.aiHeadline),
    thankyou: cleanText(thankyou.filter(Boolean).join(" "), FIELD_LIMITS.aiThankyou),
  };
}

const withoutEndPunctuation = (text: string) => text.replace(/[\s.!?。؟]+$/u, "");
