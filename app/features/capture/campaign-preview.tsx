// Rules: docs/features/capture-and-leads.md ("A bare document").
import { useEffect, useState } from "react";
import { copyIn, type CopyTranslations } from "~/features/campaigns/copy-translations";
import type { PreviewValues } from "~/features/campaigns/campaigns";
import type { ConsentMode } from "~/features/consent/consent";
import en from "~/features/languages/locales/en";
import type { Messages } from "~/features/languages/locales/en";
import { directionOf, isLanguage, LANGUAGE_NAMES, offeredLanguagesOf, type Language } from "~/features/languages/languages";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { PageLanguage, type PageLocale } from "~/features/languages/page-language";
import { pageDesignOf } from "./capture";
import { CapturePreview } from "./capture-page";

const ENGLISH: PageLocale = { language: "en", messages: { capture: en.capture } };

/** A language's visitor words, fetched when the owner first previews it (English ships with the wizard). */
function usePageLocale(language: Language): PageLocale | null {
  const [loaded, setLoaded] = useState<Partial<Record<Language, PageLocale>>>({ en: ENGLISH });
  useEffect(() => {
    if (loaded[language]) return;
    let current = true;
    void (import(`../languages/locales/${language}.ts`) as Promise<{ default: Messages }>).then((module) => {
      if (current) setLoaded((before) => ({ ...before, [language]: { language, messages: { capture: module.default.capture } } }));
    });
    return () => {
      current = false;
    };
  }, [language, loaded]);
  return loaded[language] ?? null;
}

/**
 * What a visitor will see on the capture page, updated as the owner designs it: the page's own
 * component, with the spec's "Claim Offer" button to /pricing. With translations,
 * the owner can switch the preview to each language a phone may read the page in.
 */
export function CampaignPreview({
  values,
  businessName,
  translations = {},
}: {
  values: PreviewValues & { language?: string };
  businessName?: string;
  translations?: CopyTranslations;
}) {
  const t = useOwnerT("livePreview");
  const pageLanguage = isLanguage(values.language) ? values.language : "en";
  const offered = offeredLanguagesOf(pageLanguage, Object.keys(translations));
  const [chosen, setChosen] = useState<Language>(pageLanguage);
  const language = offered.includes(chosen) ? chosen : pageLanguage;
  const locale = usePageLocale(language) ?? ENGLISH;
  const design = pageDesignOf({
    primary_color: values.primaryColor,
    secondary_color: values.secondaryColor,
    text_color: values.textColor,
    button_style: values.buttonStyle as never,
    font_style: values.fontStyle as never,
    layout: values.layout as never,
  });
  const mode = (["notice", "checkbox", "double_opt_in"].includes(values.consentMode) ? values.consentMode : "notice") as ConsentMode;
  const copy = copyIn(
    { headline: values.aiHeadline, offer: values.discount, condition: values.minOrder, thankYou: values.aiThankyou },
    translations,
    language,
  );
  return (
    <section aria-label={t("label")} className="overflow-hidden rounded-2xl border border-gray-200 shadow-sm">
      <div className="flex items-center justify-between gap-2 bg-gray-100 px-4 py-2">
        <p className="text-xs font-medium tracking-wide text-gray-600 uppercase">{t("label")}</p>
        {offered.length > 1 ? (
          <label className="flex items-center gap-2 text-xs text-gray-700">
            {t("previewIn")}
            <select
              className="rounded border border-gray-300 bg-white px-2 py-1 text-xs text-gray-900"
              value={language}
              onChange={(event) => setChosen(event.target.value as Language)}
            >
              {offered.map((each) => (
                <option key={each} value={each} lang={each}>
                  {LANGUAGE_NAMES[each]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <div lang={locale.language} dir={directionOf(locale.language)}>
        <PageLanguage locale={locale}>
          <CapturePreview
            offer={{
              headline: copy.headline || t("headlinePlaceholder"),
              thankYou: copy.thankYou,
              businessName: businessName?.trim() || values.title || t("businessPlaceholder"),
              design,
              logoUrl: values.qrLogoUrl || null,
            }}
            terms={{ discount: copy.offer, minOrder: copy.condition }}
            consent={{ mode, offerRequiresConsent: mode !== "notice" && values.offerRequiresConsent === "yes", privacyHref: "" }}
            words={{ group: t("claimGroup"), claim: t("claim") }}
          />
        </PageLanguage>
      </div>
    </section>
  );
}
