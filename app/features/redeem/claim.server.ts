// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import QRCode from "qrcode";
import { getEnv } from "~/utils/env.server";
import { formatOfferCode } from "./code";
import { translatorFor } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from "~/features/languages/languages";
import { dateTimeFormat } from "~/utils/dates";
import { lastValidMoment } from "./offer";
import type { Claim } from "./offer-codes.server";

/** The one mask pattern of every claim's QR (0–7, ISO/IEC 18004 §7.8.2). */
export const CLAIM_QR_MASK = 2;

/** What the thank-you screen shows for a claim: the grouped code, its QR (inline SVG) and validity. */
export type ClaimView = { code: string; qrSvg: string; validity: string };

/** The address a code's QR opens: staff scanning it with the phone's own camera land on the counter. */
export function redeemUrlOf(code: string) {
  return `${getEnv().appOrigin}/redeem?code=${formatOfferCode(code)}`;
}

// The line is made twice for every lead (thank-you and email) and i18next's interpolation was most
// of its cost; a campaign's codes share a handful of dates, so the lines are kept per language and date.
const MAX_VALIDITY_LINES = 1_000;
const validityLines = new Map<string, string>();

/** The validity line in the visitor's language, its date in that language's form (`Intl`). */
export function validityIn(expiresAt: Date | string | null, timeZone: string, language: Language) {
  const date = expiresAt ? dateTimeFormat(INTL_LOCALES[language], timeZone, { dateStyle: "medium" }).format(lastValidMoment(expiresAt)) : null;
  const key = `${language}\u0000${date ?? ""}`;
  let line = validityLines.get(key);
  if (line === undefined) {
    const t = translatorFor(language, "capture");
    line = date === null ? t("claim.noExpiry") : t("claim.validUntil", { date });
    if (validityLines.size >= MAX_VALIDITY_LINES) validityLines.delete(validityLines.keys().next().value!);
    validityLines.set(key, line);
  }
  return line;
}

/** The words of a claim, the same on the thank-you screen and in the visitor's email. */
export function describeClaim(claim: Claim, timeZone: string, language: Language = DEFAULT_LANGUAGE) {
  return { code: formatOfferCode(claim.code), validity: validityIn(claim.expiresAt, timeZone, language) };
}

export async function presentClaim(claim: Claim, timeZone: string, language: Language = DEFAULT_LANGUAGE): Promise<ClaimView> {
  // Our own text (the app origin and an alphabet-only code) rendered by qrcode: safe to inline.
  // One byte-mode segment: searching for the shortest mix of modes cost as much as the drawing.
  const qrSvg = await QRCode.toString([{ data: Buffer.from(redeemUrlOf(claim.code)), mode: "byte" }], {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    // Choosing the mask by penalty scoring was most of a lead's QR cost in a surge:
    // any of the eight masks is a valid code, shown large on a lit screen.
    maskPattern: CLAIM_QR_MASK,
    color: { dark: "#111827", light: "#FFFFFF" },
  });
  return { ...describeClaim(claim, timeZone, language), qrSvg };
}
