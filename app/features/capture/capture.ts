// Pure rules of the public capture page: its design, logo and lead form paths.
// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead"); docs/features/offers-and-the-counter.md
//   ("Double opt-in carries the code").
import type { CampaignDesign } from "~/db/schema/campaigns";
import { BUTTON_STYLES, DEFAULT_DESIGN, FONT_STYLES, LAYOUTS, type ButtonStyle, type FontStyle, type Layout } from "~/features/campaigns/campaigns";
import type { ClaimView } from "~/features/redeem/claim.server";
import type { CODE_BY_EMAIL_TEXT } from "~/features/redeem/offer";

export { isUuid } from "~/utils/text";

export type PageDesign = {
  primary: string;
  secondary: string;
  text: string;
  hover: string;
  buttonStyle: ButtonStyle;
  fontStyle: FontStyle;
  layout: Layout;
};

/** The campaigns' default design (Ocean Blue), as the page applies it. */
export const DEFAULT_PAGE_DESIGN: PageDesign = {
  primary: DEFAULT_DESIGN.primary_color,
  secondary: DEFAULT_DESIGN.secondary_color,
  text: DEFAULT_DESIGN.text_color,
  hover: DEFAULT_DESIGN.secondary_color,
  buttonStyle: DEFAULT_DESIGN.button_style,
  fontStyle: DEFAULT_DESIGN.font_style,
  layout: DEFAULT_DESIGN.layout,
};

const HEX = /^#[0-9a-f]{6}$/i;

function color(value: unknown, fallback: string) {
  return typeof value === "string" && HEX.test(value.trim()) ? value.trim().toUpperCase() : fallback;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * The stored design (a JSON object, or the spec's JSON string) reduced to values that are safe
 * in a style attribute: #RRGGBB colours and known keywords, defaults for anything else.
 */
export function pageDesignOf(stored: Partial<CampaignDesign> | string | null | undefined): PageDesign {
  let design: Record<string, unknown> = {};
  if (typeof stored === "string") {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (parsed && typeof parsed === "object") design = parsed as Record<string, unknown>;
    } catch {
      design = {};
    }
  } else if (stored && typeof stored === "object") {
    design = stored as Record<string, unknown>;
  }
  // A gradient needs both ends: one missing colour falls back to the whole default gradient.
  const hasGradient = HEX.test(String(design.primary_color ?? "").trim()) && HEX.test(String(design.secondary_color ?? "").trim());
  const primary = hasGradient ? color(design.primary_color, DEFAULT_PAGE_DESIGN.primary) : DEFAULT_PAGE_DESIGN.primary;
  const secondary = hasGradient ? color(design.secondary_color, DEFAULT_PAGE_DESIGN.secondary) : DEFAULT_PAGE_DESIGN.secondary;
  return {
    primary,
    secondary,
    text: color(design.text_color, DEFAULT_PAGE_DESIGN.text),
    hover: color(design.hover_color, secondary),
    buttonStyle: oneOf(design.button_style, BUTTON_STYLES, DEFAULT_PAGE_DESIGN.buttonStyle),
    fontStyle: oneOf(design.font_style, FONT_STYLES, DEFAULT_PAGE_DESIGN.fontStyle),
    layout: oneOf(design.layout, LAYOUTS, DEFAULT_PAGE_DESIGN.layout),
  };
}

/** Logos are our own uploads or https images; anything else (javascript:, data:, http:) is dropped. */
export function safeLogoUrl(value: string | null | undefined) {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.includes("\\")) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Where the form's script posts a lead: beside the capture URL the visitor is on. */
export function leadPostPathOf(params: { campaignId?: string; code?: string }) {
  return params.code === undefined ? `/capture/${encodeURIComponent(params.campaignId ?? "")}/lead` : `/q/${encodeURIComponent(params.code)}/lead`;
}

/** What the form shows after a post: the thank-you, or the form again with its errors and values. */
export type LeadFormResult = {
  ok: boolean;
  /** A double opt-in email is on its way. */
  checkEmail?: boolean;
  /** The code is withheld from the screen and sent to the visitor's mailbox. */
  codeByEmail?: keyof typeof CODE_BY_EMAIL_TEXT;
  /** This email claimed the offer from another scan: the code went to its mailbox only. */
  alreadyClaimed?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: { name: string; email: string; phone: string; marketingConsent?: boolean };
  scanToken?: string;
  claim?: ClaimView;
};
