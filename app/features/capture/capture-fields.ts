// The capture form's field names, limits and the spec's submission messages: plain values for the page and the server.
// Rules: docs/features/campaigns-and-print.md ("Short links").

/** The spec's blocking messages, verbatim. */
export const SUBMISSION_ERRORS = {
  invalidCampaign: "Submission Error: Invalid campaign ID",
  notLoaded: "Submission Error: Campaign data not loaded",
  inactive: "Submission Error: This campaign is no longer active",
  failed: "Submission Error: Failed to submit your information. Please try again.",
  /** The form's token is no longer valid (an old tab, a page of another campaign): trying again will not do. */
  expired: "Submission Error: Failed to submit: this page has expired. Please reload it and try again.",
} as const;

/**
 * The crowd budget's refusal (docs/features/crowds.md): what to do and when, in the spec's
 * "Failed to submit: {message}" form; a visitor cannot act on "too many attempts".
 */
export function networkBusyMessage(retryAfterSeconds: number) {
  const minutes = Math.min(10, Math.max(1, Math.ceil(retryAfterSeconds / 60)));
  return `Submission Error: Failed to submit: many people on your network have just claimed this offer. Please try again in ${minutes} min or ask the staff for help.`;
}

/** A network that opened too many short links that do not exist. */
export const SHORT_LINK_REFUSED = "Too many links that do not exist were opened from your network. Please wait a few minutes and try again.";

/** The honeypot: hidden from people; anything typed into it marks a script. */
export const HONEYPOT_FIELD = "website";
export const SCAN_TOKEN_FIELD = "scanToken";

export const LEAD_LIMITS = { name: 100, email: 254, phone: 30 } as const;
