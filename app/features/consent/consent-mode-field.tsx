// Wizard step 2: how the capture page asks for marketing consent.
// Rules: docs/features/consent-and-erasure.md ("What is recorded").
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { CONSENT_MODES, type ConsentMode } from "./consent";

export function ConsentModeField(props: {
  mode: ConsentMode;
  offerRequiresConsent: boolean;
  onChange: (next: { mode: ConsentMode; offerRequiresConsent: boolean }) => void;
  error?: string;
  idPrefix: string;
}) {
  const { mode, offerRequiresConsent, onChange, idPrefix } = props;
  const legendId = `${idPrefix}-consent-legend`;
  const t = useOwnerT("consentField");
  return (
    <fieldset className="space-y-3 rounded-xl border border-gray-200 p-4" aria-describedby={props.error ? `${idPrefix}-consent-error` : undefined}>
      <legend id={legendId} className="px-1 text-sm font-medium text-gray-700">
        {t("legend")}
      </legend>
      <div className="grid gap-2">
        {CONSENT_MODES.map((option) => {
          const id = `${idPrefix}-consent-${option}`;
          return (
            <label
              key={option}
              htmlFor={id}
              className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
            >
              <input
                id={id}
                type="radio"
                name="consentMode"
                value={option}
                checked={mode === option}
                onChange={() => onChange({ mode: option, offerRequiresConsent })}
                aria-describedby={`${id}-help`}
                className="mt-1"
              />
              <span>
                <span className="block font-medium text-gray-900">
                  {t(`modes.${option}`)}
                  {option === "notice" ? t("byDefault") : ""}
                </span>
                <span id={`${id}-help`} className="block text-gray-600">
                  {t(`help.${option}`)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {/* Shown in every mode so it works without JavaScript; with Notice only the server ignores it. */}
      <div className="rounded-lg bg-amber-50 p-3 text-sm">
        <label htmlFor={`${idPrefix}-offer-requires`} className="flex items-start gap-3 font-medium text-gray-900">
          <input
            id={`${idPrefix}-offer-requires`}
            type="checkbox"
            name="offerRequiresConsent"
            value="yes"
            checked={offerRequiresConsent}
            onChange={(event) => onChange({ mode, offerRequiresConsent: event.target.checked })}
            aria-describedby={`${idPrefix}-offer-requires-help`}
            className="mt-1"
          />
          {t("offerRequires")}
        </label>
        <p id={`${idPrefix}-offer-requires-help`} className="mt-1 text-amber-900">
          {t("offerRequiresHelp")}
        </p>
      </div>
      {props.error ? (
        <p id={`${idPrefix}-consent-error`} className="text-sm text-red-600">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
