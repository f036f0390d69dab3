// Rules: docs/features/campaigns-and-print.md ("AI copy").
import OpenAI from "openai";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { templateCopy, type GeneratedCopy } from "~/features/campaigns/template-copy";
import { copyPrompt, inventedClaims, parseModelCopy } from "./copy";

export type CopyResult = GeneratedCopy & { source: "ai" | "template" };
export type CopyInput = { businessType: string; offer: string; condition: string; language?: string };
export type CopyGenerator = (input: CopyInput) => Promise<CopyResult>;

const TIMEOUT_MS = 8_000;

/**
 * Headline and thank-you copy from the model; on a missing key, quota, 429, timeout or an
 * unusable answer, template copy for the business type, so the wizard always gets copy.
 */
export function createCopyGenerator(config: { apiKey?: string; baseURL?: string; model: string; timeoutMs?: number }): CopyGenerator {
  // No retries: a person is waiting, and the template copy is a good answer too.
  const openai = config.apiKey
    ? new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs ?? TIMEOUT_MS, maxRetries: 0 })
    : null;
  return async (input) => {
    if (openai) {
      try {
        const completion = await openai.chat.completions.create({
          model: config.model,
          temperature: 0.7,
          max_tokens: 200,
          messages: [{ role: "user", content: copyPrompt(input) }],
        });
        const copy = parseModelCopy(completion.choices?.[0]?.message?.content);
        const invented = copy ? inventedClaims(copy, input) : [];
        if (copy && invented.length === 0) return { ...copy, source: "ai" };
        logger.warn(
          { invented },
          copy ? "AI copy: claims the owner did not make, using template copy" : "AI copy: unusable answer, using template copy",
        );
      } catch (error) {
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        logger.warn({ status, err: error instanceof Error ? error.message : String(error) }, "AI copy failed, using template copy");
      }
    }
    return { ...templateCopy(input), source: "template" };
  };
}

let generator: CopyGenerator | undefined;

/** The generator built from the environment (OPENAI_API_KEY, OPENAI_BASE_URL, AI_MODEL). */
export function generateCampaignCopy(input: CopyInput) {
  const env = getEnv();
  generator ??= createCopyGenerator({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.AI_MODEL });
  return generator(input);
}
