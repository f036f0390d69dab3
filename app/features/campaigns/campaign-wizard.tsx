import { ArrowLeft, ArrowRight, Check, ImagePlus, Loader2, Rocket, Sparkles } from "lucide-react";
import { cloneElement, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field as UiField } from "~/components/ui/field";
import { controlClass } from "~/components/ui/input";
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from "~/components/ui/dialog";
import type { CampaignDesign } from "~/db/schema/campaigns";
import { type FormResult, firstErrors, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import type { CampaignActionData } from "./campaign-actions.server";
import { ConsentModeField } from "~/features/consent/consent-mode-field";
import type { ConsentMode } from "~/features/consent/consent";
import { OfferRuleFields, type OfferRuleValues } from "~/features/redeem/offer-rule-fields";
import {
  BUSINESS_TYPES,
  BUTTON_STYLES,
  COLOR_PRESETS,
  DEFAULT_DESIGN,
  FIELD_LIMITS,
  FONT_STYLES,
  LAYOUTS,
  presetOfColors,
  type PreviewValues,
} from "./campaigns";
import { megabytesLabel, uploadProblemOf } from "~/features/uploads/limits";
import { CampaignInputSchema, LOGO_MAX_BYTES, LOGO_MESSAGES, type AiCopyResponse, type LogoUploadResponse } from "./campaigns.schema";
import { useHydrated } from "~/components/use-hydrated";

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
  offerRule?: OfferRuleValues;
};

type Values = {
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
  /** The owner's, not the campaign's: saved to the business profile (Settings shows the same). */
  businessName: string;
};

export type WizardServerResult = {
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Partial<Values> & Record<string, string | undefined>;
  result?: FormResult;
};

const STEPS = ["Campaign Details", "Design & Copy", "Preview & Launch"] as const;
const STEP_OF_FIELD: Record<string, number> = {
  businessName: 1,
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
};
const LABELS: Record<string, string> = {
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

function initialValues(campaign?: WizardCampaign, echoed?: Partial<Values>, businessName = ""): Values {
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
    businessName,
  };
  const merged = { ...base };
  for (const key of Object.keys(base) as Array<keyof Values>) {
    const value = echoed?.[key];
    if (typeof value === "string") merged[key] = value;
  }
  return merged;
}

const filled = (value: string) => value.trim().length > 0;

/** What each step's Next waits for, by label, in the order the fields appear. */
const REQUIRED: Record<1 | 2, Array<[keyof Values, string]>> = {
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
const missingOf = (values: Values, step: 1 | 2) => REQUIRED[step].filter(([key]) => !filled(values[key])).map(([, label]) => label);

/**
 * The 3-step campaign wizard. With JavaScript it is a modal that walks the steps; without it the
 * same form shows every step at once and posts like any other form.
 */
export function CampaignWizard(props: {
  /** The capture page drawn from the values so far; the route composes it (capture sits above campaigns). */
  preview: (values: PreviewValues & { businessName: string }) => ReactNode;
  mode: "create" | "edit";
  /** The business name saved in Settings: the wizard's first step starts from it. */
  businessName: string;
  campaign?: WizardCampaign;
  closeTo: string;
  serverResult?: WizardServerResult;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const title = props.mode === "edit" ? "Edit Campaign" : "Create New Campaign";
  const close = () => navigate(props.closeTo, { preventScrollReset: true, replace: true });

  if (!hydrated) {
    return (
      <section aria-labelledby="wizard-title" className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <h2 id="wizard-title" className="text-xl font-bold text-gray-900">
          {title}
        </h2>
        <WizardForm {...props} showAllSteps />
      </section>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent
        aria-describedby={undefined}
        className="inset-0 overflow-y-auto p-4 sm:inset-x-4 sm:top-8 sm:bottom-auto sm:mx-auto sm:max-h-[calc(100vh-4rem)] sm:max-w-5xl sm:rounded-2xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-4">
          <DialogTitle>{title}</DialogTitle>
          <DialogCloseButton />
        </div>
        <WizardForm {...props} showAllSteps={false} />
      </DialogContent>
    </Dialog>
  );
}

function WizardForm(props: {
  preview: (values: PreviewValues & { businessName: string }) => ReactNode;
  mode: "create" | "edit";
  businessName: string;
  campaign?: WizardCampaign;
  closeTo: string;
  serverResult?: WizardServerResult;
  showAllSteps: boolean;
}) {
  const { mode, campaign, showAllSteps } = props;
  const fetcher = useFetcher<CampaignActionData & WizardServerResult>();
  const [values, setValues] = useState(() => initialValues(campaign, props.serverResult?.values, props.businessName));
  const [step, setStep] = useState(1);
  const legends = useRef<Array<HTMLLegendElement | null>>([]);
  const stepChanged = useRef(false);
  const result: WizardServerResult | undefined = fetcher.data ?? props.serverResult;
  // Without JavaScript the browser checks `required` before posting; with it, the schema does, field by field.
  const [form] = useValidatedForm(CampaignInputSchema, { lastResult: result?.result, browserChecks: showAllSteps });
  const fieldErrors = { ...serverOnlyErrors(result?.fieldErrors, result?.result), ...firstErrors(form.allErrors) };
  const busy = fetcher.state !== "idle";
  const id = useId();

  // A server-side field error sends the owner back to the step holding that field.
  useEffect(() => {
    const first = Object.keys(fetcher.data?.fieldErrors ?? {})[0];
    if (first) setStep(STEP_OF_FIELD[first] ?? 1);
  }, [fetcher.data]);

  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const missing1 = missingOf(values, 1);
  const missing2 = missingOf(values, 2);
  const step1Done = missing1.length === 0;
  const step2Done = missing2.length === 0;

  // Each step opens at its top, its heading focused (read first by a screen reader); not on first open.
  useEffect(() => {
    if (!stepChanged.current) {
      stepChanged.current = true;
      return;
    }
    const legend = legends.current[step - 1];
    legend?.closest('[role="dialog"]')?.scrollTo({ top: 0 });
    legend?.focus({ preventScroll: true });
  }, [step]);
  const visible = (n: number) => showAllSteps || step === n;
  const action = mode === "edit" && campaign ? `/campaigns?edit=${campaign.id}` : "/campaigns?new=1";

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="mt-4">
      <input type="hidden" name="intent" value={mode === "edit" ? "update" : "create"} />
      {campaign ? <input type="hidden" name="campaignId" value={campaign.id} /> : null}

      {!showAllSteps ? (
        <ol className="mb-6 flex items-center gap-2 text-sm" aria-label="Steps">
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
      ) : null}

      {result?.formError ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {result.formError}
        </div>
      ) : null}

      <div className={step >= 2 || showAllSteps ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" : ""}>
        <div className="space-y-6">
          <fieldset hidden={!visible(1)} className="space-y-4">
            <legend ref={(node) => void (legends.current[0] = node)} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
              1. Campaign Details
            </legend>
            <Field
              label="Business Name"
              name="businessName"
              error={fieldErrors.businessName}
              id={id}
              hint="Shown on your page, in emails to your visitors and on print. Saved to your settings."
            >
              <input
                value={values.businessName}
                onChange={set("businessName")}
                maxLength={100}
                autoComplete="organization"
                placeholder="Sunny Side Café"
              />
            </Field>
            <Field label="Campaign Title" name="title" error={fieldErrors.title} id={id}>
              <input value={values.title} onChange={set("title")} maxLength={FIELD_LIMITS.title} required placeholder="Summer Coffee Special" />
            </Field>
            <Field label="Business Type" name="businessType" error={fieldErrors.businessType} id={id}>
              <select value={values.businessType} onChange={set("businessType")} required>
                <option value="">Select your business type</option>
                {BUSINESS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Offer" name="discount" error={fieldErrors.discount} id={id} hint="What the customer gets, e.g. 20% off">
              <input value={values.discount} onChange={set("discount")} maxLength={FIELD_LIMITS.discount} required placeholder="20% off" />
            </Field>
            <Field label="Offer Condition" name="minOrder" error={fieldErrors.minOrder} id={id} hint="e.g. on orders over $25">
              <input value={values.minOrder} onChange={set("minOrder")} maxLength={FIELD_LIMITS.minOrder} required placeholder="On orders over $25" />
            </Field>
            <OfferRuleFields initial={campaign?.offerRule} echoed={props.serverResult?.values} errors={fieldErrors} />
            {!showAllSteps ? (
              <div className="flex flex-col items-end gap-2">
                <button
                  type="button"
                  disabled={!step1Done}
                  aria-describedby={step1Done ? undefined : `${id}-missing-1`}
                  onClick={() => setStep(2)}
                  className={buttonClass({ size: "md" })}
                >
                  Next <ArrowRight aria-hidden className="h-4 w-4" />
                </button>
                <MissingFields id={`${id}-missing-1`} labels={missing1} />
              </div>
            ) : null}
          </fieldset>

          <fieldset hidden={!visible(2)} className="space-y-5">
            <legend ref={(node) => void (legends.current[1] = node)} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
              2. Design &amp; Copy
            </legend>
            <DesignFields values={values} setValues={setValues} set={set} fieldErrors={fieldErrors} id={id} />
            {/* The logo is uploaded with JavaScript; without it the current logo is kept as it is. */}
            {showAllSteps ? (
              <input type="hidden" name="qrLogoUrl" value={values.qrLogoUrl} />
            ) : (
              <LogoField values={values} setValues={setValues} error={fieldErrors.qrLogoUrl} />
            )}
            <CopyFields values={values} setValues={setValues} set={set} fieldErrors={fieldErrors} id={id} showGenerate={!showAllSteps} />
            <ConsentModeField
              idPrefix={id}
              mode={values.consentMode as ConsentMode}
              offerRequiresConsent={values.offerRequiresConsent === "yes"}
              onChange={(next) =>
                setValues((current) => ({ ...current, consentMode: next.mode, offerRequiresConsent: next.offerRequiresConsent ? "yes" : "" }))
              }
              error={fieldErrors.consentMode ?? fieldErrors.offerRequiresConsent}
            />
            {!showAllSteps ? (
              <>
                <div className="flex justify-between">
                  <button type="button" onClick={() => setStep(1)} className={buttonClass({ variant: "secondary", size: "md" })}>
                    <ArrowLeft aria-hidden className="h-4 w-4" /> Back
                  </button>
                  <button
                    type="button"
                    disabled={!step2Done}
                    aria-describedby={step2Done ? undefined : `${id}-missing-2`}
                    onClick={() => setStep(3)}
                    className={buttonClass({ size: "md" })}
                  >
                    Next <ArrowRight aria-hidden className="h-4 w-4" />
                  </button>
                </div>
                <MissingFields id={`${id}-missing-2`} labels={missing2} />
              </>
            ) : null}
          </fieldset>

          <fieldset hidden={!visible(3)} className="space-y-4">
            <legend ref={(node) => void (legends.current[2] = node)} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
              3. Preview &amp; Launch
            </legend>
            <dl className="grid gap-3 rounded-xl bg-gray-50 p-4 text-sm sm:grid-cols-2">
              <Summary label="Business Name" value={values.businessName} />
              <Summary label="Title" value={values.title} />
              <Summary label="Business Type" value={values.businessType} />
              <Summary label="Offer" value={values.discount} />
              <Summary label="Condition" value={values.minOrder} />
            </dl>
            <p className="text-sm text-gray-600">Your campaign goes live as soon as you launch it. You can pause it at any time.</p>
            <div className="flex justify-between gap-2">
              {!showAllSteps ? (
                <button type="button" onClick={() => setStep(2)} className={buttonClass({ variant: "secondary", size: "md" })}>
                  <ArrowLeft aria-hidden className="h-4 w-4" /> Back
                </button>
              ) : (
                <span />
              )}
              <button type="submit" disabled={busy || (!showAllSteps && !(step1Done && step2Done))} className={buttonClass({ size: "md" })}>
                {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Rocket aria-hidden className="h-4 w-4" />}
                {mode === "edit" ? "Update Campaign" : "Launch Campaign"}
              </button>
            </div>
          </fieldset>
        </div>
        {step >= 2 || showAllSteps ? <div className="lg:sticky lg:top-0 lg:self-start">{props.preview(values)}</div> : null}
      </div>
    </fetcher.Form>
  );
}

type SetValues = React.Dispatch<React.SetStateAction<Values>>;
type Setter = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;

function DesignFields({
  values,
  setValues,
  set,
  fieldErrors,
  id,
}: {
  values: Values;
  setValues: SetValues;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
}) {
  const customColors = !values.colorPreset;
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-labelledby={`${id}-presets`}>
        <p id={`${id}-presets`} className="text-sm font-medium text-gray-700">
          Colour Preset
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {COLOR_PRESETS.map((preset) => (
            <label
              key={preset.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:ring-2 has-[:checked]:ring-blue-200 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500"
            >
              <input
                type="radio"
                name="colorPreset"
                value={preset.id}
                checked={values.colorPreset === preset.id}
                onChange={() =>
                  setValues((current) => ({ ...current, colorPreset: preset.id, primaryColor: preset.primary, secondaryColor: preset.secondary }))
                }
                className="sr-only"
              />
              <span
                aria-hidden
                className="h-6 w-10 shrink-0 rounded"
                style={{ backgroundImage: `linear-gradient(135deg, ${preset.primary}, ${preset.secondary})` }}
              />
              {preset.name}
            </label>
          ))}
        </div>
        {customColors ? (
          <>
            <input type="hidden" name="primaryColor" value={values.primaryColor} />
            <input type="hidden" name="secondaryColor" value={values.secondaryColor} />
          </>
        ) : null}
        {fieldErrors.colorPreset ? <p className="mt-1 text-sm text-red-600">{fieldErrors.colorPreset}</p> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField label="Button Style" name="buttonStyle" options={BUTTON_STYLES} values={values} set={set} fieldErrors={fieldErrors} id={id} />
        <ChoiceField label="Font Style" name="fontStyle" options={FONT_STYLES} values={values} set={set} fieldErrors={fieldErrors} id={id} />
        <ChoiceField label="Layout" name="layout" options={LAYOUTS} values={values} set={set} fieldErrors={fieldErrors} id={id} />
        <Field label="Text Colour" name="textColor" error={fieldErrors.textColor} id={id}>
          <input type="color" value={values.textColor.toLowerCase()} onChange={set("textColor")} className="h-10 p-1" />
        </Field>
      </div>
    </div>
  );
}

/** One design choice (button style, font, layout) as a labelled select. */
function ChoiceField(props: {
  label: string;
  name: "buttonStyle" | "fontStyle" | "layout";
  options: readonly string[];
  values: Values;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
}) {
  return (
    <Field label={props.label} name={props.name} error={props.fieldErrors[props.name]} id={props.id}>
      <select value={props.values[props.name]} onChange={props.set(props.name)}>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

function CopyFields(props: {
  values: Values;
  setValues: SetValues;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
  showGenerate: boolean;
}) {
  const { values, setValues, set, fieldErrors, id } = props;
  const copyFetcher = useFetcher<AiCopyResponse>();
  const [localError, setLocalError] = useState<string | null>(null);
  const [isTemplate, setIsTemplate] = useState(false);
  const generating = copyFetcher.state !== "idle";

  useEffect(() => {
    const answer = copyFetcher.data;
    if (!answer) return;
    if (answer.ok) {
      setValues((current) => ({ ...current, aiHeadline: answer.headline, aiThankyou: answer.thankyou }));
      setIsTemplate(answer.isTemplate);
      setLocalError(null);
    } else {
      setLocalError(answer.error);
    }
  }, [copyFetcher.data, setValues]);

  const generate = () => {
    if (!filled(values.businessType) || !filled(values.discount) || !filled(values.minOrder)) {
      setLocalError("Please fill in all fields first");
      return;
    }
    setLocalError(null);
    copyFetcher.submit(
      { businessType: values.businessType, offer: values.discount, condition: values.minOrder },
      { method: "post", action: "/api/ai-copy" },
    );
  };

  return (
    <div className="space-y-4">
      {props.showGenerate ? (
        <div className="flex flex-col gap-2 rounded-xl border border-purple-200 bg-purple-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-purple-900">Let AI write a headline and a thank-you message for your offer.</p>
          <button
            type="button"
            onClick={generate}
            disabled={generating}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 text-sm font-medium text-white hover:bg-purple-700 disabled:opacity-60"
          >
            {generating ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Sparkles aria-hidden className="h-4 w-4" />}
            {generating ? "Generating..." : "Generate with AI"}
          </button>
        </div>
      ) : null}
      {localError ? (
        <p role="alert" className="text-sm text-red-600">
          {localError}
        </p>
      ) : null}
      {isTemplate ? (
        <div role="status" className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <p className="font-semibold">Smart Copy Generated</p>
          <p>We wrote this copy from a template for your business type. Feel free to customise it to match your voice.</p>
        </div>
      ) : null}
      <Field label="Headline" name="aiHeadline" error={fieldErrors.aiHeadline} id={id}>
        <textarea value={values.aiHeadline} onChange={set("aiHeadline")} maxLength={FIELD_LIMITS.aiHeadline} rows={2} required />
      </Field>
      <Field label="Thank-you Message" name="aiThankyou" error={fieldErrors.aiThankyou} id={id}>
        <textarea value={values.aiThankyou} onChange={set("aiThankyou")} maxLength={FIELD_LIMITS.aiThankyou} rows={3} required />
      </Field>
    </div>
  );
}

/** Pictures are redrawn as PNG in the browser so the server can draw them into PNG QR codes. */
async function toPng(file: File): Promise<Blob> {
  if (file.type === "image/png") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 240 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    return blob ?? file;
  } catch {
    return file;
  }
}

function LogoField({ values, setValues, error }: { values: Values; setValues: SetValues; error?: string }) {
  const logoFetcher = useFetcher<LogoUploadResponse>();
  const [localError, setLocalError] = useState<string | null>(null);
  const uploading = logoFetcher.state !== "idle";

  useEffect(() => {
    const answer = logoFetcher.data;
    if (!answer) return;
    if (answer.ok) {
      setValues((current) => ({ ...current, qrLogoUrl: answer.url }));
      setLocalError(null);
    } else {
      setLocalError(answer.error);
    }
  }, [logoFetcher.data, setValues]);

  const choose = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = uploadProblemOf(file, LOGO_MAX_BYTES);
    if (problem) return setLocalError(LOGO_MESSAGES[problem]);
    setLocalError(null);
    const form = new FormData();
    const png = await toPng(file);
    form.append("logo", png, png === file ? file.name : "logo.png");
    logoFetcher.submit(form, { method: "post", action: "/api/logo", encType: "multipart/form-data" });
  };

  const shownError = localError ?? error;
  return (
    <div>
      <p className="text-sm font-medium text-gray-700">Logo (optional)</p>
      <input type="hidden" name="qrLogoUrl" value={values.qrLogoUrl} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {values.qrLogoUrl ? (
          <img src={values.qrLogoUrl} alt="Uploaded logo" className="h-12 w-12 rounded-lg border border-gray-200 object-contain" />
        ) : null}
        <label
          className={buttonClass({
            variant: "secondary",
            size: "md",
            className: "cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500",
          })}
        >
          {uploading ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <ImagePlus aria-hidden className="h-4 w-4" />}
          {uploading ? "Uploading..." : values.qrLogoUrl ? "Change logo" : "Upload logo"}
          <input type="file" accept="image/*" onChange={choose} className="sr-only" aria-describedby="logo-hint" />
        </label>
        {values.qrLogoUrl ? (
          <button
            type="button"
            onClick={() => setValues((current) => ({ ...current, qrLogoUrl: "" }))}
            className="text-sm text-gray-600 underline hover:text-gray-900"
          >
            Remove logo
          </button>
        ) : null}
      </div>
      <p id="logo-hint" className="mt-1 text-xs text-gray-500">
        PNG, JPG up to {megabytesLabel(LOGO_MAX_BYTES)}
      </p>
      {shownError ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** A label, the control (given as the only child, without id/name), its hint and its error. */
function Field(props: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  id: string;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const child = props.children;
  return (
    <UiField id={`${props.id}-${props.name}`} label={props.label} hint={props.hint} errors={props.error}>
      {(control) =>
        cloneElement(child, { ...control, name: props.name, className: controlClass({ className: child.props.className as string | undefined }) })
      }
    </UiField>
  );
}

/** Why Next is disabled, next to it (the button points here with aria-describedby). */
function MissingFields({ id, labels }: { id: string; labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <p id={id} className="text-right text-sm text-gray-600">
      To continue, fill in: {labels.join(", ")}.
    </p>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="font-medium break-words text-gray-900">{value || "—"}</dd>
    </div>
  );
}
