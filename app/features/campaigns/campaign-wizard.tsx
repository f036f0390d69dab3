import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { type FormResult, firstErrors, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import type { CampaignActionData } from "./campaign-actions.server";
import { ConsentModeField } from "~/features/consent/consent-mode-field";
import type { ConsentMode } from "~/features/consent/consent";
import type { PreviewValues } from "./campaigns";
import { CampaignInputSchema } from "./campaigns.schema";
import { useHydrated } from "~/components/use-hydrated";
import type { GeneratedCopy } from "./template-copy";
import { describeRule } from "~/features/redeem/offer";
import { type OwnerT, useOwnerT } from "~/features/languages/owner/owner-language";
import type { OfferExpiryKind } from "~/db/schema/redeem";
import { initialValues, missingOf, STEP_OF_FIELD, withTemplateCopy, type Values, type WizardCampaign } from "./campaign-wizard-state";
import { CopyFields, DesignFields, LanguageField, LogoField } from "./campaign-wizard-fields";
import { DetailsFields, LaunchSummary, StepButtons, StepIndicator, WizardStep } from "./campaign-wizard-steps";
import { initialTranslations, WizardLanguages } from "./campaign-wizard-languages";
import { cleanTranslations, type CopyTranslations } from "./copy-translations";
import { CampaignLocationsField, type LocationsChoice } from "./campaign-locations-field";

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
  preview: (values: PreviewValues & { businessName: string; language: string }, translations: CopyTranslations) => ReactNode;
  mode: "create" | "edit";
  /** The business name saved in Settings: the wizard's first step starts from it. */
  businessName: string;
  campaign?: WizardCampaign;
  closeTo: string;
  serverResult?: WizardServerResult;
  /** "Translate with AI" is offered: an AI key is set. */
  ai?: boolean;
  /** Where the campaign runs: the owner's choice, absent for a manager. */
  locationsChoice?: LocationsChoice;
  /** The business name is the owner's to set (a manager's form leaves it out; the server ignores it). */
  namesBusiness?: boolean;
}) {
  const t = useOwnerT("wizard");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const title = props.mode === "edit" ? t("editTitle") : t("createTitle");
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
function ruleOf(form: HTMLFormElement | null, t: OwnerT<"wizard">) {
  if (!form) return t("noExpiry");
  const data = new FormData(form);
  const days = Number(data.get("offerValidDays"));
  return describeRule({
    expiry: (data.get("offerExpiry") as OfferExpiryKind | null) ?? "none",
    validUntil: (data.get("offerValidUntil") as string | null) || null,
    validDays: Number.isInteger(days) && days > 0 ? days : null,
  });
}

function WizardForm(props: {
  preview: (values: PreviewValues & { businessName: string; language: string }, translations: CopyTranslations) => ReactNode;
  mode: "create" | "edit";
  businessName: string;
  campaign?: WizardCampaign;
  closeTo: string;
  serverResult?: WizardServerResult;
  ai?: boolean;
  locationsChoice?: LocationsChoice;
  namesBusiness?: boolean;
  showAllSteps: boolean;
}) {
  const t = useOwnerT("wizard");
  const { mode, campaign, showAllSteps } = props;
  const fetcher = useFetcher<CampaignActionData & WizardServerResult>();
  const [values, setValues] = useState(() => initialValues(campaign, props.serverResult?.values, props.businessName));
  const [translations, setTranslations] = useState(() => initialTranslations(campaign?.translations, props.serverResult?.values));
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
    if (first) setStep(STEP_OF_FIELD[first] ?? (first.startsWith("translation") ? 2 : 1));
  }, [fetcher.data]);

  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const missing1 = missingOf(values, 1);
  const missing2 = missingOf(values, 2);
  const legendRef = (index: number) => (node: HTMLLegendElement | null) => void (legends.current[index] = node);
  const toDesign = () => {
    const next = withTemplateCopy(values, lastTemplate.current);
    lastTemplate.current = next.template;
    setValues(next.values);
    setStep(2);
  };
  const toLaunch = () => {
    setRule(ruleOf(formRef.current, t));
    setStep(3);
  };

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

      {!showAllSteps ? <StepIndicator step={step} /> : null}

      {result?.formError ? (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {result.formError}
        </div>
      ) : null}

      <div className={step >= 2 || showAllSteps ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" : ""}>
        <div className="space-y-6">
          <WizardStep hidden={!visible(1)} legend={t("steps.details")} legendRef={legendRef(0)} className="space-y-4">
            <DetailsFields
              values={values}
              set={set}
              fieldErrors={fieldErrors}
              id={id}
              campaign={campaign}
              echoed={props.serverResult?.values}
              namesBusiness={props.namesBusiness !== false}
            />
            {props.locationsChoice ? (
              <CampaignLocationsField choice={props.locationsChoice} error={fieldErrors.locations} id={id} showAll={showAllSteps} />
            ) : null}
            {!showAllSteps ? <StepButtons id={`${id}-1`} missing={missing1} onNext={toDesign} /> : null}
          </WizardStep>

          <WizardStep hidden={!visible(2)} legend={t("steps.design")} legendRef={legendRef(1)} className="space-y-5">
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
            <WizardLanguages
              values={values}
              translations={translations}
              setTranslations={setTranslations}
              fieldErrors={fieldErrors}
              ai={Boolean(props.ai) && !showAllSteps}
              lazy={!showAllSteps}
              id={id}
            />
            {!showAllSteps ? <StepButtons id={`${id}-2`} missing={missing2} onBack={() => setStep(1)} onNext={toLaunch} /> : null}
          </WizardStep>

          <WizardStep hidden={!visible(3)} legend={t("steps.launch")} legendRef={legendRef(2)} className="space-y-4">
            <LaunchSummary
              values={values}
              namesBusiness={props.namesBusiness !== false}
              translations={cleanTranslations(translations)}
              rule={showAllSteps ? null : rule}
              mode={mode}
              busy={busy}
              canLaunch={showAllSteps || (missing1.length === 0 && missing2.length === 0)}
              onBack={showAllSteps ? undefined : () => setStep(2)}
            />
          </WizardStep>
        </div>
        {step >= 2 || showAllSteps ? (
          <div className="lg:sticky lg:top-0 lg:self-start">{props.preview(values, cleanTranslations(translations))}</div>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
