// Settings → Notifications → "Morning summary" (docs/features/summary.md): off, daily or weekly, and whether a quiet
// period is sent too. A self-contained section: it posts the intent "summary" to the page it is on.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { type FormResult, getFormProps, useValidatedForm } from "~/utils/form";
import { SummarySettingsSchema, type SummarySettings } from "./summary.schema";

export type SummaryResult = { message?: string; error?: string; result?: FormResult };

const CHOICES = ["off", "daily", "weekly"] as const;

export function SummarySettingsSection({ settings, result, busy }: { settings: SummarySettings; result?: SummaryResult; busy: boolean }) {
  const [form, fields] = useValidatedForm(SummarySettingsSchema, { id: "summary", lastResult: result?.result });
  const t = useOwnerT("summary");
  return (
    <section aria-labelledby="section-summary" className={cardClass()}>
      <h2 id="section-summary" className="scroll-mt-24 text-lg font-semibold text-gray-900">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="summary" />
        <fieldset className="space-y-2" aria-describedby={fields.summaryFrequency.errors ? "summary-frequency-error" : undefined}>
          <legend className="text-sm font-medium text-gray-700">{t("legend")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {CHOICES.map((choice) => (
              <label
                key={choice}
                htmlFor={`summary-${choice}`}
                className="flex cursor-pointer gap-3 rounded-lg border border-gray-200 p-3 text-sm has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
              >
                <input
                  id={`summary-${choice}`}
                  type="radio"
                  name="summaryFrequency"
                  value={choice}
                  defaultChecked={settings.frequency === choice}
                  aria-describedby={`summary-${choice}-help`}
                  className="mt-1"
                />
                <span>
                  <span className="block font-medium text-gray-900">{t(choice)}</span>
                  <span id={`summary-${choice}-help`} className="block text-gray-600">
                    {t(`${choice}Help`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {fields.summaryFrequency.errors ? (
            <p id="summary-frequency-error" className="text-sm text-red-600">
              {fields.summaryFrequency.errors.join(" ")}
            </p>
          ) : null}
        </fieldset>
        <div className="text-sm">
          <label htmlFor="summary-quiet" className="flex items-start gap-3 font-medium text-gray-900">
            <input
              id="summary-quiet"
              type="checkbox"
              name="summaryOnQuietDays"
              value="yes"
              defaultChecked={settings.onQuietDays}
              aria-describedby="summary-quiet-help"
              className="mt-1"
            />
            {t("quietDays")}
          </label>
          <p id="summary-quiet-help" className="mt-1 ml-7 text-gray-600">
            {t("quietDaysHelp")}
          </p>
        </div>
        <div className="text-sm">
          <label htmlFor="summary-channels" className="flex items-start gap-3 font-medium text-gray-900">
            <input
              id="summary-channels"
              type="checkbox"
              name="summaryToChannels"
              value="yes"
              defaultChecked={settings.toChannels}
              aria-describedby="summary-channels-help"
              className="mt-1"
            />
            {t("toChannels")}
          </label>
          <p id="summary-channels-help" className="mt-1 ml-7 text-gray-600">
            {t("toChannelsHelp")}
          </p>
        </div>
        <p className="text-sm text-gray-600" data-testid="summary-zone">
          {settings.timeZone ? t("zone", { zone: settings.timeZone }) : t("noZone")}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={busy}>
            {t("save")}
          </Button>
          {result?.message ? (
            <p role="status" className="text-sm text-green-700">
              {result.message}
            </p>
          ) : null}
          {result?.error ? (
            <p role="alert" className="text-sm text-red-600">
              {result.error}
            </p>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
