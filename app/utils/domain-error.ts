// Rules: docs/features/domains.md ("Verified by TXT and CNAME"); docs/features/visitor-languages.md ("The owner's screens").
/**
 * Every expected outcome the domain refuses, with the HTTP status it answers everywhere (pages,
 * resource routes and the REST API). A new refusal is a new code here, not a new error class.
 */
export const CODE_TO_STATUS = {
  not_found: 404,
  campaign_limit: 403,
  logo_not_found: 400,
  slug_taken: 400,
  upload_not_image: 400,
  upload_too_large: 400,
  upload_too_many_pixels: 400,
  unsafe_destination: 400,
  placement_name_taken: 400,
  placement_limit: 400,
  /** A business's locations: one name once (whatever the case), at most LOCATIONS_PER_BUSINESS. */
  location_name_taken: 400,
  location_limit: 400,
  /** A placement at a location its campaign is not limited to. */
  location_not_in_campaign: 400,
  /** A campaign's limits that would leave out a location where one of its placements is. */
  campaign_locations_in_use: 400,
  /** An invitation the team cannot take: already a member, already invited, the owner's own address. */
  team_invite_refused: 400,
  /** The plan's seats are all taken (Pro: 3 managers and viewers, 15 staff). */
  team_limit: 403,
  /** A hand-over the server refuses: one already waiting, or the member runs a business of their own. */
  handover_refused: 400,
  qr_size_invalid: 400,
  endpoint_limit: 409,
  api_key_limit: 409,
  /** A webhook event whose lead was erased is never sent again. */
  lead_erased: 409,
  rate_limited: 429,
  already_pro: 409,
  /** Print options or campaign text the print kit cannot use (unknown format, text too long to fit). */
  print_invalid: 400,
  /** The print check refuses these colours or this logo: no PDF is made. */
  print_refused: 422,
  /** Every PDF slot of this process is taken and the queue is full. */
  print_busy: 503,
  /** A payment provider we depend on failed or answered nothing usable. */
  provider_failed: 502,
  /** The feature needs configuration this installation lacks (Stripe keys). */
  not_configured: 503,
  /** A custom domain name the owner typed that we cannot use. */
  hostname_invalid: 400,
  /** Another account holds this custom domain verified, or this account already has one. */
  hostname_taken: 409,
  /** A Google Sheets link or ID the owner typed that is not one, or names a sheet the connected account cannot open. */
  sheet_link_invalid: 400,
  /** The plan does not include this (custom domains on the free plan). */
  plan_required: 403,
  /** A lead-alert channel step the owner must redo (a wrong or expired code, no Telegram bot). */
  alert_refused: 400,
} as const satisfies Record<string, number>;

export type DomainErrorCode = keyof typeof CODE_TO_STATUS;

/**
 * The keys a refusal's `words` may name: the owner catalogue's `refusals` namespace, filled in by
 * languages/owner/refusals.ts (declaration merging), so a wrong key fails `tsc` while utils import no feature.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface RefusalCatalogue {}
type RefusalKeyOf = RefusalCatalogue extends { key: infer Key } ? Key : string;
/** A value of a refusal's sentence; words themselves for a reason inside it, translated alike. */
export type RefusalValue = string | number | RefusalWords;
/** A sentence of the `refusals` namespace and its values. */
export type RefusalWords = { key: RefusalKeyOf; values?: Record<string, RefusalValue> };

/**
 * An expected refusal; `message` is written for the person who caused it, in English (the REST API,
 * logs). `words` names the same sentence in the owner's catalogue (namespace `refusals`), so a page
 * shows it in the owner's language (`refusalIn`); build both at once with `refused(code, key, values)`.
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  /** Only for `rate_limited`: when the budget refills. */
  readonly retryAfterSeconds?: number;
  /** The message as a key of the `refusals` namespace, for the owner's screens in their language. */
  readonly words?: RefusalWords;

  constructor(code: DomainErrorCode, message: string, options: { retryAfterSeconds?: number; words?: RefusalWords } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.words = options.words;
  }

  get status(): number {
    return CODE_TO_STATUS[this.code];
  }

  /** Headers the answer carries whatever its body (Retry-After for rate limits). */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { "Retry-After": String(this.retryAfterSeconds) };
  }
}

/** True for a DomainError, and when codes are given, one with one of them. */
export function isDomainError(error: unknown, ...codes: DomainErrorCode[]): error is DomainError {
  return error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
}
