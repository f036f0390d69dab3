import type { BadgeColor } from "~/components/ui/badge";
import { redeemerOf } from "~/db/redeemed-by";

/**
 * Offer codes: 8 characters from an alphabet without look-alikes (no 0, 1, O, I, L, S, Z, B, U),
 * shown grouped as `K7M-4QX-9D`. 27^8 ≈ 2.8·10^11 codes: with per-actor rate limits a guess is
 * hopeless, and a global unique index catches the rare collision.
 */
export const CODE_ALPHABET = "23456789ACDEFGHJKMNPQRTVWXY";
export const CODE_LENGTH = 8;

/** What the counter finds for a code. */
export type CodeStatus = "valid" | "redeemed" | "expired";

export const CODE_STATUS_LABEL: Record<CodeStatus, string> = { valid: "Valid", redeemed: "Redeemed", expired: "Expired" };
export const CODE_STATUS_COLOR: Record<CodeStatus, BadgeColor> = { valid: "green", redeemed: "yellow", expired: "red" };

/** Redeemed wins; otherwise a code past its expiry is expired; otherwise valid. */
export function codeStatusOf(code: { redeemedAt: Date | null; expiresAt: Date | null }, now: Date): CodeStatus {
  return code.redeemedAt ? "redeemed" : code.expiresAt && code.expiresAt <= now ? "expired" : "valid";
}

/** A fresh code from crypto randomness, without modulo bias (rejection sampling). */
export function generateOfferCode(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const n = CODE_ALPHABET.length;
  const ceiling = 256 - (256 % n);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte >= ceiling) continue;
      code += CODE_ALPHABET[byte % n];
      if (code.length === CODE_LENGTH) break;
    }
  }
  return code;
}

export { formatOfferCode } from "~/utils/offer-code-format";

/** What a person typed (any case, spaces, dashes, or the QR's text) → the stored form, or null. */
export function normalizeOfferCode(input: string): string | null {
  const cleaned = input.toUpperCase().replace(/[\s\-_.]/g, "");
  if (cleaned.length !== CODE_LENGTH) return null;
  for (const char of cleaned) if (!CODE_ALPHABET.includes(char)) return null;
  return cleaned;
}

/** The code inside a scanned QR: our redeem URL (`…/redeem?code=…`) or the bare code. */
export function codeFromScan(text: string): string {
  try {
    const url = new URL(text);
    return url.searchParams.get("code") ?? text;
  } catch {
    return text;
  }
}

/**
 * Who redeemed, as the owner's screens and exports name them: the member's name, "Owner", or a
 * shared counter link's name with "(shared device)" (no per-person attribution).
 */
export function redeemerText(redeemedBy: string | null): string | null {
  if (!redeemedBy) return null;
  const { name, sharedDevice } = redeemerOf(redeemedBy);
  return sharedDevice ? `${name} (shared device)` : name;
}
