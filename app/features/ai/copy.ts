import { FIELD_LIMITS } from "~/features/campaigns/campaigns";
import { cleanText, type GeneratedCopy } from "~/features/campaigns/template-copy";

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
// An amount ends in a digit: a sentence's full stop after "$10" is not part of it.
const AMOUNT = /[$€£¥]\s?\d(?:[\d.,]*\d)?|\d(?:[\d.,]*\d)?\s?(?:%|percent|dollars?|euros?|pounds?)/gi;

/**
 * The deadlines and amounts in `copy` that the owner's offer and condition do not contain: copy
 * that invents one is not used (spec: no claim the owner did not make).
 */
export function inventedClaims(copy: GeneratedCopy, input: { offer: string; condition: string }) {
  const owner = `${input.offer} ${input.condition}`.toLowerCase().replace(/\s+/g, "");
  const claims = `${copy.headline} ${copy.thankyou}`.match(new RegExp(`${DEADLINE.source}|${AMOUNT.source}`, "gi")) ?? [];
  return claims.filter((claim) => !owner.includes(claim.toLowerCase().replace(/\s+/g, "")));
}
