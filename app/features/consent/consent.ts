// Pure rules of consent: the modes, the exact wording visitors see, and the status an
// owner reads for each lead. No I/O: shared by the capture page, the wizard preview and the server.
// Rules: docs/features/consent-and-erasure.md ("What is recorded"); docs/features/visitor-languages.md ("One language
//   per page").

import type { BadgeColor } from "~/components/ui/badge";

export const CONSENT_MODES = ["notice", "checkbox", "double_opt_in"] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];

/** The form field of the marketing-consent box. */
export const CONSENT_FIELD = "marketingConsent";

/** The spec's sentence under the button: the default, and what `notice` campaigns keep showing. */
export const NOTICE_TEXT = "By submitting this form, you agree to receive marketing communications from us. You can unsubscribe at any time.";

/** A double opt-in link works for this long, once. */
export const CONFIRM_LINK_DAYS = 7;

/** The label of the unticked box: exactly what is stored as the wording of a ticked record. */
export function consentCheckboxText(businessName: string) {
  return `I agree to receive marketing emails from ${businessName}. I can withdraw my consent at any time.`;
}

/** Shown under the box in double opt-in mode. */
export const DOUBLE_OPT_IN_HINT = "We will email you a link to confirm. Nothing is sent to you until you confirm.";

/** The consent words of the page in one language; English is the spec's. */
export type ConsentWords = { notice: string; checkbox: (businessName: string) => string; doubleOptInHint: string };

const ENGLISH_CONSENT_WORDS: ConsentWords = { notice: NOTICE_TEXT, checkbox: consentCheckboxText, doubleOptInHint: DOUBLE_OPT_IN_HINT };

/** The text the visitor saw for this mode: what the consent record points at. */
export function consentWordingOf(mode: ConsentMode, businessName: string, words: ConsentWords = ENGLISH_CONSENT_WORDS) {
  if (mode === "notice") return words.notice;
  const box = words.checkbox(businessName);
  return mode === "double_opt_in" ? `${box} ${words.doubleOptInHint}` : box;
}

export const CONSENT_REQUIRED_ERROR = "Please tick the box to claim this offer.";

export type ConsentStatus =
  "not recorded" | "notice shown" | "no consent" | "consented" | "awaiting confirmation" | "confirmed" | "consent withdrawn";

/** The colour of a lead's consent status pill. */
export const CONSENT_STATUS_COLOR: Record<ConsentStatus, BadgeColor> = {
  confirmed: "green",
  consented: "green",
  "awaiting confirmation": "yellow",
  "consent withdrawn": "red",
  "no consent": "gray",
  "notice shown": "gray",
  "not recorded": "gray",
};

export function consentStatusOf(
  record: {
    mode: ConsentMode;
    ticked: boolean;
    confirmedAt: Date | string | null;
    withdrawnAt: Date | string | null;
  } | null,
): ConsentStatus {
  if (!record) return "not recorded";
  if (record.withdrawnAt) return "consent withdrawn";
  if (record.mode === "notice") return "notice shown";
  if (!record.ticked) return "no consent";
  if (record.mode === "checkbox") return "consented";
  return record.confirmedAt ? "confirmed" : "awaiting confirmation";
}

/** The privacy link of the capture page: the owner's policy, else our default notice. */
export function privacyHrefOf(campaignId: string, privacyPolicyUrl: string | null | undefined) {
  return privacyPolicyUrl || `/capture/${campaignId}/privacy`;
}
