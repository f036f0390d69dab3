// The wizard's steps as the owner meets them: where they are, the campaign's details, and the
// summary they launch from. Step 2 (design and copy) is composed of the fields in
// campaign-wizard-fields.tsx inside the form itself.
import { isLanguage, LANGUAGE_NAMES, offeredLanguagesOf } from "~/features/languages/languages";
import type { CopyTranslations } from "./copy-translations";
import { ArrowLeft, ArrowRight, Check, Loader2, Rocket } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { CONSENT_MODES, type ConsentMode } from "~/features/consent/consent";
import { type OwnerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { OfferRuleFields } from "~/features/redeem/offer-rule-fields";
import { BUSINESS_TYPES, FIELD_LIMITS } from "./campaigns";
import { STEPS, type Values, type WizardCampaign } from "./campaign-wizard-state";
import { Field, MissingFields, Summary, type Setter } from "./campaign-wizard-fields";

/** "1 ✓ — 2 — 3": which step the owner is on, and which are done. */
export function StepIndicator({ step }: { step: number }) {
  const t = useOwnerT("wizard");
  return (
    <ol className="mb-6 flex items-center gap-2 text-sm" aria-label={t("stepsLabel")}>
      {STEPS.map((name, index) => (
        <li key={name} aria-current={step === index + 1 ? "step" : undefined} className="flex items-center gap-2">
          <span
            className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold ${
              step > index + 1 ? "bg-green-600 text-white" : step === index + 1 ? "bg-blue-600 text-white" : "bg-gray-200 text-gray-600"
            }`}
          >
            {step > index + 1 ? <Check aria-hidden className="h-4 w-4" /> : index + 1}
          </span>
          <span className={`hidden sm:inline ${step === index + 1 ? "font-semibold text-gray-900" : "text-gray-500"}`}>{name}</span>
          {index < STEPS.length - 1 ? <span aria-hidden className="mx-1 hidden h-px w-8 bg-gray-300 sm:block" /> : null}
        </li>
      ))}
    </ol>
  );
}

/** A step's fieldset, its legend focusable so a screen reader starts each step at its heading. */
export function WizardStep(props: {
  hidden: boolean;
  legend: ReactNode;
  legendRef: (node: HTMLLegendElement | null) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <fieldset hidden={props.hidden} className={props.className}>
      <legend ref={props.legendRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {props.legend}
      </legend>
      {props.children}
    </fieldset>
  );
}

/** Step 1's fields: the business, the campaign's title and the offer with its rule. */
export function DetailsFields(props: {
  values: Values;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
  campaign?: WizardCampaign;
  echoed?: Record<string, string | undefined>;
  namesBusiness: boolean;
}) {
  const t = useOwnerT("wizard");
  const { values, set, fieldErrors, id } = props;
  return (
    <>
      {props.namesBusiness ? (
        <Field label={t("details.businessName")} name="businessName" error={fieldErrors.businessName} id={id} hint={t("details.businessNameHint")}>
          <input
            value={values.businessName}
            onChange={set("businessName")}
            maxLength={100}
            autoComplete="organization"
            placeholder={t("details.businessNamePlaceholder")}
          />
        </Field>
      ) : null}
      <Field label={t("details.title")} name="title" error={fieldErrors.title} id={id}>
        <input value={values.title} onChange={set("title")} maxLength={FIELD_LIMITS.title} required placeholder={t("details.titlePlaceholder")} />
      </Field>
      <Field label={t("details.businessType")} name="businessType" error={fieldErrors.businessType} id={id}>
        <select value={values.businessType} onChange={set("businessType")} required>
          <option value="">{t("details.businessTypeChoose")}</option>
          {BUSINESS_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("details.offer")} name="discount" error={fieldErrors.discount} id={id} hint={t("details.offerHint")}>
        <input
          value={values.discount}
          onChange={set("discount")}
          maxLength={FIELD_LIMITS.discount}
          required
          placeholder={t("details.offerPlaceholder")}
        />
      </Field>
      <Field label={t("details.condition")} name="minOrder" error={fieldErrors.minOrder} id={id} hint={t("details.conditionHint")}>
        <input
          value={values.minOrder}
          onChange={set("minOrder")}
          maxLength={FIELD_LIMITS.minOrder}
          required
          placeholder={t("details.conditionPlaceholder")}
        />
      </Field>
      <OfferRuleFields initial={props.campaign?.offerRule} echoed={props.echoed} errors={fieldErrors} />
    </>
  );
}

/** Back and Next under a step; Next stays disabled, saying what is missing, until the step is complete. */
export function StepButtons(props: { id: string; missing: string[]; onBack?: () => void; onNext: () => void }) {
  const t = useOwnerT("wizard");
  const done = props.missing.length === 0;
  const next = (
    <button
      type="button"
      disabled={!done}
      aria-describedby={done ? undefined : `${props.id}-missing`}
      onClick={props.onNext}
      className={buttonClass({ size: "md" })}
    >
      {t("next")} <ArrowRight aria-hidden className="h-4 w-4" />
    </button>
  );
  return (
    <div className={props.onBack ? "" : "flex flex-col items-end gap-2"}>
      {props.onBack ? (
        <div className="flex justify-between">
          <BackButton onClick={props.onBack} />
          {next}
        </div>
      ) : (
        next
      )}
      <MissingFields id={`${props.id}-missing`} labels={props.missing} />
    </div>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const t = useOwnerT("wizard");
  return (
    <button type="button" onClick={onClick} className={buttonClass({ variant: "secondary", size: "md" })}>
      <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
    </button>
  );
}

/** Step 3: what will go live, and the button that launches (or updates) it. */
export function LaunchSummary(props: {
  values: Values;
  namesBusiness: boolean;
  /** The owner's translations as typed: the page's languages are listed with the rest. */
  translations: CopyTranslations;
  rule: string | null;
  mode: "create" | "edit";
  busy: boolean;
  canLaunch: boolean;
  onBack?: () => void;
}) {
  const t = useOwnerT("wizard");
  const consentWords = useOwnerT("consentField");
  const { values } = props;
  return (
    <>
      <dl className="grid gap-3 rounded-xl bg-gray-50 p-4 text-sm sm:grid-cols-2">
        {props.namesBusiness ? <Summary label={t("summary.businessName")} value={values.businessName} /> : null}
        <Summary label={t("summary.title")} value={values.title} />
        <Summary label={t("summary.businessType")} value={values.businessType} />
        <Summary label={t("summary.offer")} value={values.discount} />
        <Summary label={t("summary.condition")} value={values.minOrder} />
        {props.rule === null ? null : <Summary label={t("summary.validity")} value={props.rule} />}
        <Summary label={t("summary.consent")} value={consentSummary(values, t, consentWords)} />
        <Summary label={t("summary.languages")} value={languagesSummary(values.language, props.translations, t)} />
      </dl>
      <p className="text-sm text-gray-600">{t("summary.goesLive")}</p>
      <div className="flex justify-between gap-2">
        {props.onBack ? <BackButton onClick={props.onBack} /> : <span />}
        <button type="submit" disabled={props.busy || !props.canLaunch} className={buttonClass({ size: "md" })}>
          {props.busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Rocket aria-hidden className="h-4 w-4" />}
          {props.mode === "edit" ? t("summary.update") : t("summary.launch")}
        </button>
      </div>
    </>
  );
}

/** "English (page) · Español · العربية": the languages phones will read the page in. */
function languagesSummary(pageLanguage: string, translations: CopyTranslations, t: OwnerT<"wizard">) {
  const [page, ...translated] = offeredLanguagesOf(isLanguage(pageLanguage) ? pageLanguage : "en", Object.keys(translations));
  return [t("summary.pageLanguage", { language: LANGUAGE_NAMES[page!] }), ...translated.map((language) => LANGUAGE_NAMES[language])].join(" · ");
}

/** "Checkbox · the offer needs the box ticked": the consent mode as the visitor will meet it. */
function consentSummary(values: Values, t: OwnerT<"wizard">, consentWords: OwnerT<"consentField">) {
  const mode: ConsentMode = CONSENT_MODES.includes(values.consentMode as ConsentMode) ? (values.consentMode as ConsentMode) : "notice";
  const label = consentWords(`modes.${mode}`);
  return values.consentMode !== "notice" && values.offerRequiresConsent === "yes" ? t("summary.consentNeeded", { mode: label }) : label;
}
