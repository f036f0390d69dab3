import { LANGUAGES } from "~/features/languages/languages";
import { z } from "zod";
import { MAX_INPUT_PIXELS, megabytesLabel, type UploadProblem } from "~/features/uploads/limits";
import { cleanInput } from "~/utils/text";
import { BUSINESS_TYPES, BUTTON_STYLES, COLOR_PRESETS, FIELD_LIMITS, FONT_STYLES, LAYOUTS } from "./campaigns";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const hexColor = (label: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR, `${label} must be a colour like #1E40AF`)
    .transform((value) => value.toUpperCase());

/** Largest logo the wizard accepts; the server normalises what it keeps. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The fixed wording of what the wizard and the upload endpoint say about a logo. */
export const LOGO_MESSAGES = {
  not_image: "Please select an image file for the logo",
  too_large: `Logo size must be less than ${megabytesLabel(LOGO_MAX_BYTES)}`,
  too_many_pixels: `Logo image is too large. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
  failed: "Failed to upload logo. Please try again.",
  uploadAgain: "Please upload the logo again",
} as const satisfies Record<UploadProblem, string> & Record<string, string>;

/** The logo must be one of our own `qr-logos/` uploads; the server also checks who uploaded it. */
export const LOGO_KEY_PATTERN = /(?:^|\/)(qr-logos\/[0-9]+-[0-9a-f]{16}\.(?:png|jpg|webp|gif))$/;

/** Wizard fields, as the form posts them (create and update). */
export const CampaignInputSchema = z
  .object({
    title: text("Title", FIELD_LIMITS.title),
    businessType: z.enum(BUSINESS_TYPES, { error: "Please choose a business type from the list" }),
    discount: text("Offer", FIELD_LIMITS.discount),
    minOrder: text("Condition", FIELD_LIMITS.minOrder),
    aiHeadline: text("Headline", FIELD_LIMITS.aiHeadline),
    aiThankyou: text("Thank-you message", FIELD_LIMITS.aiThankyou),
    colorPreset: z.enum(COLOR_PRESETS.map((preset) => preset.id) as [string, ...string[]], { error: "Please choose a colour preset" }).optional(),
    primaryColor: hexColor("Primary colour").optional(),
    secondaryColor: hexColor("Secondary colour").optional(),
    textColor: hexColor("Text colour").default("#FFFFFF"),
    buttonStyle: z.enum(BUTTON_STYLES, { error: "Please choose a button style" }).default("rounded"),
    fontStyle: z.enum(FONT_STYLES, { error: "Please choose a font style" }).default("modern"),
    layout: z.enum(LAYOUTS, { error: "Please choose a layout" }).default("centered"),
    qrLogoUrl: z
      .string()
      .trim()
      .max(500, LOGO_MESSAGES.uploadAgain)
      .refine((value) => value === "" || LOGO_KEY_PATTERN.test(value), LOGO_MESSAGES.uploadAgain)
      .optional()
      .transform((value) => value || null),
    consentMode: z.enum(["notice", "checkbox", "double_opt_in"], { error: "Please choose how visitors give consent" }).default("notice"),
    language: z.enum(LANGUAGES, { error: "Please choose a language for the page" }).default("en"),
    // A checkbox posts "yes" when ticked and nothing otherwise.
    offerRequiresConsent: z
      .string()
      .optional()
      .transform((value) => value === "yes"),
  })
  .transform((input, context) => {
    const preset = COLOR_PRESETS.find((candidate) => candidate.id === input.colorPreset);
    const primary = input.primaryColor ?? preset?.primary;
    const secondary = input.secondaryColor ?? preset?.secondary;
    if (!primary || !secondary) {
      context.addIssue({ code: "custom", path: ["colorPreset"], message: "Please choose a colour preset" });
      return z.NEVER;
    }
    return { ...input, primaryColor: primary, secondaryColor: secondary };
  });
export type CampaignInput = z.output<typeof CampaignInputSchema>;

export const CampaignFiltersSchema = z.object({
  q: z.string().transform(cleanInput).pipe(z.string().trim().max(100)).catch(""),
  status: z.enum(["all", "active", "paused", "draft"]).catch("all"),
});
export type CampaignFilters = z.output<typeof CampaignFiltersSchema>;

/** What the AI copy endpoint needs (all three, else "Please fill in all fields first"). */
export const CopyRequestSchema = z.object({
  businessType: z.enum(BUSINESS_TYPES),
  offer: z.string().trim().min(1).max(FIELD_LIMITS.discount),
  condition: z.string().trim().min(1).max(FIELD_LIMITS.minOrder),
  /** The page's language: template copy is written in it (the model is asked in English). */
  language: z.enum(LANGUAGES).optional().catch(undefined),
});
export type CopyRequest = z.output<typeof CopyRequestSchema>;

/** What the logo upload endpoint answers the wizard. */
export type LogoUploadResponse = { ok: true; url: string } | { ok: false; error: string };

/** What the AI copy endpoint answers the wizard. */
export type AiCopyResponse = { ok: true; headline: string; thankyou: string; isTemplate: boolean } | { ok: false; error: string };
