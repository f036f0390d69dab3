// "Translate with AI": the owner's headline, offer, condition and thank-you put into
// another language by the model, for the owner to review before saving. Nothing is translated at
// run time for visitors: only what the owner saved is shown.
// Rules: docs/features/visitor-languages.md ("Translate with AI").
import OpenAI from "openai";
import { cleanText } from "~/features/campaigns/template-copy";
import { COPY_FIELD_LIMITS, COPY_FIELDS, type CampaignCopy, type CopyTranslation } from "~/features/campaigns/copy-translations";
import type { Language } from "~/features/languages/languages";
import { isDomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";

const TIMEOUT_MS = 15_000;

/** Each language as the model is told it (English names: the prompt is English). */
const LANGUAGE_IN_ENGLISH: Record<Language, string> = {
  en: "English",
  es: "Spanish",
  fr: "French",
  de: "German",
  pt: "Portuguese (Portugal)",
  it: "Italian",
  nl: "Dutch",
  ar: "Arabic",
};

export type TranslateInput = { copy: CampaignCopy; from: Language; to: Language; businessType: string };
export type CopyTranslator = (input: TranslateInput) => Promise<CopyTranslation | null>;

export function translationPrompt(input: TranslateInput) {
  const { copy } = input;
  return [
    `Translate the copy of a ${input.businessType}'s QR-code offer page from ${LANGUAGE_IN_ENGLISH[input.from]} into ${LANGUAGE_IN_ENGLISH[input.to]} (${input.to}).`,
    "Keep the meaning and the tone; keep every number, price, percentage, date and name exactly; add nothing.",
    'Return only JSON with the same four string fields: "headline", "offer", "condition", "thankyou".',
    JSON.stringify({ headline: copy.headline, offer: copy.offer, condition: copy.condition, thankyou: copy.thankYou }),
  ].join("\n");
}

const numbersOf = (text: string) => text.match(/\d+(?:[.,]\d+)?/g) ?? [];

/** The model's answer, untrusted: JSON with the four fields, none empty, and no number the original lacks. */
export function parseTranslation(content: string | null | undefined, original: CampaignCopy): CopyTranslation | null {
  if (!content) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(
      content
        .trim()
        .replace(/^```(?:json)?\s*/i, "")
        .replace(/\s*```$/, ""),
    );
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const record = parsed as Record<string, unknown>;
  const out: CopyTranslation = {};
  for (const field of COPY_FIELDS) {
    const value = cleanText(field === "thankYou" ? (record.thankyou ?? record.thankYou) : record[field], COPY_FIELD_LIMITS[field]);
    if (!value) return null;
    out[field] = value;
  }
  const known = new Set(numbersOf(Object.values(original).join(" ")).map((number) => number.replace(",", ".")));
  const invented = numbersOf(Object.values(out).join(" ")).filter((number) => !known.has(number.replace(",", ".")));
  return invented.length === 0 ? out : null;
}

export function createCopyTranslator(config: { apiKey?: string; baseURL?: string; model: string; timeoutMs?: number }): CopyTranslator {
  const openai = config.apiKey
    ? new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs ?? TIMEOUT_MS, maxRetries: 0 })
    : null;
  return async (input) => {
    if (!openai) return null;
    try {
      const completion = await openai.chat.completions.create({
        model: config.model,
        temperature: 0.2,
        max_tokens: 600,
        messages: [{ role: "user", content: translationPrompt(input) }],
      });
      const translated = parseTranslation(completion.choices?.[0]?.message?.content, input.copy);
      if (!translated) logger.warn({ to: input.to }, "AI translation: unusable answer");
      return translated;
    } catch (error) {
      const status = error instanceof OpenAI.APIError ? error.status : undefined;
      logger.warn({ status, err: error instanceof Error ? error.message : String(error) }, "AI translation failed");
      return null;
    }
  };
}

/** Whether "Translate with AI" is offered: only with a key. */
export function canTranslateWithAi() {
  return Boolean(getEnv().OPENAI_API_KEY);
}

let translator: CopyTranslator | undefined;

/** The translator built from the environment (OPENAI_API_KEY, OPENAI_BASE_URL, AI_MODEL). */
export function translateCampaignCopy(input: TranslateInput) {
  const env = getEnv();
  translator ??= createCopyTranslator({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.AI_MODEL });
  return translator(input);
}

export const AI_TRANSLATION_FAILED = "The translation could not be made just now. Please try again, or write it yourself.";

export type DraftAnswer = { ok: true; draft: CopyTranslation } | { ok: false; status: 400 | 429 | 502; error: string; retryAfterSeconds?: number };

/**
 * "Translate with AI" for one owner, from the Languages page or the wizard: only with a key, within
 * the owner's AI budget (one for copy and translations alike), and a draft: nothing is saved here.
 */
export async function draftTranslation(userId: string, input: TranslateInput): Promise<DraftAnswer> {
  if (!canTranslateWithAi() || input.from === input.to) return { ok: false, status: 400, error: "Unknown action." };
  try {
    await consumeRateLimit("aiCopyByUser", userId);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    return { ok: false, status: 429, error: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  const draft = await translateCampaignCopy(input);
  return draft ? { ok: true, draft } : { ok: false, status: 502, error: AI_TRANSLATION_FAILED };
}
