import { ArrowLeft, ArrowRight, Check, Loader2, Rocket } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { type FormResult, firstErrors, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import type { CampaignActionData } from "./campaign-actions.server";
import { ConsentModeField } from "~/features/consent/consent-mode-field";
import type { ConsentMode } from "~/features/consent/consent";
import { OfferRuleFields } from "~/features/redeem/offer-rule-fields";
import { BUSINESS_TYPES, FIELD_LIMITS, type PreviewValues } from "./campaigns";
import { CampaignInputSchema } from "./campaigns.schema";
import { useHydrated } from "~/components/use-hydrated";
import type { GeneratedCopy } from "./template-copy";
import { CONSENT_MODE_LABELS } from "~/features/consent/consent";
import { describeRule } from "~/features/redeem/offer";
import type { OfferExpiryKind } from "~/db/schema/redeem";
import { initialValues, missingOf, STEP_OF_FIELD, STEPS, withTemplateCopy, type Values, type WizardCampaign } from "./campaign-wizard-state";
import { CopyFields, DesignFields, Field, LanguageField, LogoField, MissingFields, Summary } from "./campaign-wizard-fields";

export type { WizardCampaign } from "./campaign-wizard-state";

export type WizardServerResult = {
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Partial<Values> & Record<string, string | undefined>;
  result?: FormResult;
};

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
        // The first field, not the corner ✕: the owner opened the wizard to fill it in.
        onOpenAutoFocus={(event) => {
          const first = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>(FIRST_FIELD) : null;
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
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

const FIRST_FIELD = "input:not([type=hidden]), select, textarea";

/** The code validity the owner chose, in the wizard's words, read from the form's own inputs. */
function ruleOf(form: HTMLFormElement | null) {
  if (!form) return "No expiry";
  const data = new FormData(form);
  const days = Number(data.get("offerValidDays"));
  return describeRule({
    expiry: (data.get("offerExpiry") as OfferExpiryKind | null) ?? "none",
    validUntil: (data.get("offerValidUntil") as string | null) || null,
    validDays: Number.isInteger(days) && days > 0 ? days : null,
  });
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
  const [rule, setRule] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const lastTemplate = useRef<GeneratedCopy | null>(null);
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
    <fetcher.Form ref={formRef} method="post" action={action} {...getFormProps(form)} className="mt-4">
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
                  onClick={() => {
                    const next = withTemplateCopy(values, lastTemplate.current);
                    lastTemplate.current = next.template;
                    setValues(next.values);
                    setStep(2);
                  }}
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
            <LanguageField values={values} set={set} fieldErrors={fieldErrors} id={id} />
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
                    onClick={() => {
                      setRule(ruleOf(formRef.current));
                      setStep(3);
                    }}
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
              {showAllSteps ? null : <Summary label="Code validity" value={rule} />}
              <Summary label="Consent" value={consentSummary(values)} />
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

/** "Checkbox · the offer needs the box ticked": the consent mode as the visitor will meet it. */
function consentSummary(values: Values) {
  const label = CONSENT_MODE_LABELS[values.consentMode as ConsentMode] ?? CONSENT_MODE_LABELS.notice;
  return values.consentMode !== "notice" && values.offerRequiresConsent === "yes" ? `${label} · the offer needs consent` : label;
}
