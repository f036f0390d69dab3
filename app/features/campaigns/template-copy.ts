// Copy for a campaign without the AI service: the template for its business type, and the text
// rule every copy (template or model) passes. Campaigns own it, so the wizard can prefill it and the
// AI flow above can fall back to it.
import { FIELD_LIMITS } from "./campaigns";

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

type Templates = { headline: string; thankyou: string };

const GENERIC: Templates = {
  headline: "Claim {offer}: A Thank-You Just for You",
  thankyou: "Thank you for joining us! Your {offer} is reserved for you ({condition}). We can't wait to welcome you soon.",
};

const BY_KIND: Array<{ types: string[]; copy: Templates }> = [
  {
    types: ["Restaurant", "Food Truck", "Coffee Shop", "Bakery", "Bar/Pub", "Fast Food", "Food Cart", "Market Stall"],
    copy: {
      headline: "Treat Yourself: {offer} on Your Next Delicious Visit",
      thankyou: "Thanks for signing up! Your {offer} is waiting for you ({condition}). We look forward to serving you something delicious soon.",
    },
  },
  {
    types: ["Salon/Spa", "Barbershop", "Nail Salon", "Massage Therapy", "Beauty Clinic"],
    copy: {
      headline: "Look and Feel Your Best With {offer}",
      thankyou: "Thank you for choosing us! Enjoy {offer} on your next appointment ({condition}). We can't wait to pamper you.",
    },
  },
  {
    types: ["Gym/Fitness", "Yoga Studio", "Personal Training", "Dance Studio", "Martial Arts"],
    copy: {
      headline: "Start Your Fitness Journey With {offer}",
      thankyou: "Welcome aboard! Your {offer} is ready ({condition}). Let's reach your goals together, see you soon.",
    },
  },
  {
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
    copy: {
      headline: "Shop Your Favourites and Save With {offer}",
      thankyou: "Thanks for signing up! Show this offer in store to get {offer} ({condition}). Happy shopping, we'll see you soon.",
    },
  },
];

/** Local copy for a business type and offer, used when the AI service is not available. */
export function templateCopy(input: { businessType: string; offer: string; condition: string }): GeneratedCopy {
  const templates = BY_KIND.find((kind) => kind.types.includes(input.businessType))?.copy ?? GENERIC;
  const offer = cleanText(input.offer, 80);
  const condition = cleanText(input.condition, 120);
  const fill = (template: string) => template.replaceAll("{offer}", offer).replaceAll("{condition}", condition);
  return {
    headline: cleanText(fill(templates.headline), FIELD_LIMITS.aiHeadline),
    thankyou: cleanText(fill(templates.thankyou), FIELD_LIMITS.aiThankyou),
  };
}
