// Rules: docs/features/visitor-languages.md ("The owner's translations", "The switcher");
//   docs/features/campaigns-and-print.md ("The wizard").
import type { CampaignDesign } from "~/db/schema/campaigns";
import type { ConsentMode } from "~/features/consent/consent";
import type { CopyTranslations } from "./copy-translations";
import type { OfferRuleValues } from "~/features/redeem/offer-rule-fields";
import { templateCopy, type GeneratedCopy } from "./template-copy";
import { DEFAULT_DESIGN, presetOfColors } from "./campaigns";

export type WizardCampaign = {
  id: string;
  title: string;
  businessType: string;
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
  qrLogoUrl: string | null;
  design: CampaignDesign;
  consentMode?: ConsentMode;
  offerRequiresConsent?: boolean;
  language?: string;
  offerRule?: OfferRuleValues;
  /** The owner's saved translations of the copy, prefilled in the wizard's Languages. */
  translations?: CopyTranslations;
};

export type Values = {
  title: string;
  businessType: string;
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
  colorPreset: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  buttonStyle: string;
  fontStyle: string;
  layout: string;
  qrLogoUrl: string;
  consentMode: string;
  /** "yes" when ticked (strings like every other value, as the form posts it). */
  offerRequiresConsent: string;
  /** The page's language for visitors whose phone asks for none we have. */
  language: string;
  /** The owner's, not the campaign's: saved to the business profile (Settings shows the same). */
  businessName: string;
};

export const STEPS = ["Campaign Details", "Design & Copy", "Preview & Launch"] as const;
export const STEP_OF_FIELD: Record<string, number> = {
  businessName: 1,
  locations: 1,
  title: 1,
  businessType: 1,
  discount: 1,
  minOrder: 1,
  offerExpiry: 1,
  offerValidUntil: 1,
  offerValidDays: 1,
  aiHeadline: 2,
  aiThankyou: 2,
  colorPreset: 2,
  primaryColor: 2,
  secondaryColor: 2,
  textColor: 2,
  buttonStyle: 2,
  fontStyle: 2,
  layout: 2,
  qrLogoUrl: 2,
  consentMode: 2,
  offerRequiresConsent: 2,
  language: 2,
};
export const LABELS: Record<string, string> = {
  rounded: "Rounded",
  square: "Square",
  pill: "Pill",
  modern: "Modern",
  classic: "Classic",
  bold: "Bold",
  centered: "Centered",
  split: "Split",
  minimal: "Minimal",
};

export function initialValues(campaign?: WizardCampaign, echoed?: Partial<Values>, businessName = ""): Values {
  const design = campaign?.design ?? DEFAULT_DESIGN;
  const preset = presetOfColors(design.primary_color, design.secondary_color);
  const base: Values = {
    title: campaign?.title ?? "",
    businessType: campaign?.businessType ?? "",
    discount: campaign?.discount ?? "",
    minOrder: campaign?.minOrder ?? "",
    aiHeadline: campaign?.aiHeadline ?? "",
    aiThankyou: campaign?.aiThankyou ?? "",
    colorPreset: preset?.id ?? "",
    primaryColor: design.primary_color,
    secondaryColor: design.secondary_color,
    textColor: design.text_color ?? "#FFFFFF",
    buttonStyle: design.button_style,
    fontStyle: design.font_style,
    layout: design.layout,
    qrLogoUrl: campaign?.qrLogoUrl ?? "",
    consentMode: campaign?.consentMode ?? "notice",
    offerRequiresConsent: campaign?.offerRequiresConsent ? "yes" : "",
    language: campaign?.language ?? "en",
    businessName,
  };
  const merged = { ...base };
  for (const key of Object.keys(base) as Array<keyof Values>) {
    const value = echoed?.[key];
    if (typeof value === "string") merged[key] = value;
  }
  return merged;
}

export const filled = (value: string) => value.trim().length > 0;

/**
 * The copy fields as step 2 opens: the template copy for the offer in each field that is empty or
 * still holds the template copy last put there, so Next and Launch are never blocked
 * by empty required copy and the owner's own words are never overwritten.
 */
export function withTemplateCopy(values: Values, lastTemplate: GeneratedCopy | null): { values: Values; template: GeneratedCopy } {
  const template = templateCopy({ businessType: values.businessType, offer: values.discount, condition: values.minOrder, language: values.language });
  const untouched = (current: string, previous: string | undefined) => !filled(current) || current === previous;
  return {
    template,
    values: {
      ...values,
      aiHeadline: untouched(values.aiHeadline, lastTemplate?.headline) ? template.headline : values.aiHeadline,
      aiThankyou: untouched(values.aiThankyou, lastTemplate?.thankyou) ? template.thankyou : values.aiThankyou,
    },
  };
}

/** What each step's Next waits for, by label, in the order the fields appear. */
export const REQUIRED: Record<1 | 2, Array<[keyof Values, string]>> = {
  1: [
    ["title", "Campaign Title"],
    ["businessType", "Business Type"],
    ["discount", "Offer"],
    ["minOrder", "Offer Condition"],
  ],
  2: [
    ["aiHeadline", "Headline"],
    ["aiThankyou", "Thank-you Message"],
  ],
};
export const missingOf = (values: Values, step: 1 | 2) => REQUIRED[step].filter(([key]) => !filled(values[key])).map(([, label]) => label);
