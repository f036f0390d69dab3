import { FIELD_LIMITS } from "~/features/campaigns/campaigns";

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

/**
 * Reads the model's answer, which is untrusted: it must be JSON (optionally inside a code
 * fence) with non-empty string `headline` and `thankyou`. Anything else is null.
 */
export function parseModelCopy(content: string | null | undefined): GeneratedCopy | null {
  if (!content) return null;
  const unfenced = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const record = parsed as Record<string, unknown>;
  const headline = cleanText(record.headline, FIELD_LIMITS.aiHeadline).replace(/^["'“]+|["'”]+$/g, "");
  const thankyou = cleanText(record.thankyou ?? record.thankYou ?? record.thank_you, FIELD_LIMITS.aiThankyou);
  if (!headline || !thankyou) return null;
  return { headline, thankyou };
}

export function copyPrompt(input: { businessType: string; offer: string; condition: string }) {
  return [
    `Write marketing copy for a ${input.businessType} running a QR-code promotion.`,
    `Offer: ${input.offer}. Condition: ${input.condition}.`,
    "Return only JSON with two string fields:",
    '"headline": a catchy headline of 8-12 words,',
    '"thankyou": a warm thank-you message of 2-3 sentences for customers who claim the offer.',
    "Promise nothing beyond the offer and condition: no deadlines, dates, prices, amounts or limited quantities of your own.",
  ].join("\n");
}

// Words that set a deadline or scarcity; amounts of money or percentages. Generated copy may use
// them only when the owner's own offer or condition does.
const DEADLINE =
  /\b(today|tonight|tomorrow|this (?:week|weekend|month)|limited[- ]time|only (?:today|now|this)|hurry|ends? (?:soon|today|tonight)|expires?|last chance|while (?:stocks?|supplies) last|until|before|by (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/gi;
const AMOUNT = /[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:%|percent|dollars?|euros?|pounds?)/gi;

/**
 * The deadlines and amounts in `copy` that the owner's offer and condition do not contain: copy
 * that invents one is not used (spec: no claim the owner did not make).
 */
export function inventedClaims(copy: GeneratedCopy, input: { offer: string; condition: string }) {
  const owner = `${input.offer} ${input.condition}`.toLowerCase().replace(/\s+/g, "");
  const claims = `${copy.headline} ${copy.thankyou}`.match(new RegExp(`${DEADLINE.source}|${AMOUNT.source}`, "gi")) ?? [];
  return claims.filter((claim) => !owner.includes(claim.toLowerCase().replace(/\s+/g, "")));
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
