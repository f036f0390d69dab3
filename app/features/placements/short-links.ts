// Short links: `/q/{code}`, the path a printed QR code encodes.
// Rules: docs/features/campaigns-and-print.md ("Short links").

/** Upper-case letters and digits without 0/O and 1/I (L is upper case, so no l either): 32 symbols, 5 bits each. */
export const SHORT_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/**
 * Six symbols (2^30 codes). With the whole link in upper case the QR code uses alphanumeric mode,
 * and `HTTPS://LEADQR.EXAMPLE.COM/Q/` plus six symbols is 35 characters: the most a version 3
 * code holds at error correction H. Guessing is bounded by the per-address miss budget.
 */
export const SHORT_CODE_LENGTH = 6;

const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** The stored form of a code as typed or scanned (any case), or null when it cannot be one. */
export function normalizeShortCode(raw: string | undefined | null): string | null {
  const code = (raw ?? "").toUpperCase();
  return SHORT_CODE.test(code) ? code : null;
}

/**
 * What the QR code encodes: `{public address}/Q/{code}`, all in upper case so the code needs
 * alphanumeric mode only (scheme and host are case-insensitive; `/q/` is served in either case).
 */
export function shortLinkQrText(appOrigin: string, code: string) {
  return `${appOrigin.replace(/\/+$/, "")}/Q/${code}`.toUpperCase();
}

/** The same link as people read and type it. */
export function shortLinkUrl(appOrigin: string, code: string) {
  return `${appOrigin.replace(/\/+$/, "")}/q/${code}`;
}

/** The path a short link is served at (the printed form; `/q/` in any case is the same route). */
export function shortLinkPath(code: string) {
  return `/Q/${code}`;
}
