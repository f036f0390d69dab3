import type { PreviewValues } from "~/features/campaigns/campaigns";
import type { ConsentMode } from "~/features/consent/consent";
import en from "~/features/languages/locales/en";
import { PageLanguage, type PageLocale } from "~/features/languages/page-language";
import { pageDesignOf } from "./capture";
import { CapturePreview } from "./capture-page";

/**
 * What a visitor will see on the capture page, updated as the owner designs it: the page's own
 * component (decision 113), with the spec's "Claim Offer" button to /pricing.
 */
// The owner's side is English for now (decision 410): the preview shows the page's English words.
const OWNER_LOCALE: PageLocale = { language: "en", messages: { capture: en.capture } };

export function CampaignPreview({ values, businessName }: { values: PreviewValues; businessName?: string }) {
  const design = pageDesignOf({
    primary_color: values.primaryColor,
    secondary_color: values.secondaryColor,
    text_color: values.textColor,
    button_style: values.buttonStyle as never,
    font_style: values.fontStyle as never,
    layout: values.layout as never,
  });
  const mode = (["notice", "checkbox", "double_opt_in"].includes(values.consentMode) ? values.consentMode : "notice") as ConsentMode;
  return (
    <section aria-label="Live preview" className="overflow-hidden rounded-2xl border border-gray-200 shadow-sm">
      <p className="bg-gray-100 px-4 py-2 text-xs font-medium tracking-wide text-gray-600 uppercase">Live preview</p>
      <PageLanguage locale={OWNER_LOCALE}>
        <CapturePreview
          offer={{
            headline: values.aiHeadline || "Your headline appears here",
            thankYou: values.aiThankyou,
            businessName: businessName?.trim() || values.title || "Your business",
            design,
            logoUrl: values.qrLogoUrl || null,
          }}
          terms={{ discount: values.discount, minOrder: values.minOrder }}
          consent={{ mode, offerRequiresConsent: mode !== "notice" && values.offerRequiresConsent === "yes", privacyHref: "" }}
        />
      </PageLanguage>
    </section>
  );
}
