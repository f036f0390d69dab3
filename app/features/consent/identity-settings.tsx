// Settings → "Privacy & retention": the business's postal address and privacy policy, shown to
// visitors, and how long leads are kept. A self-contained section of /settings.
// Rules: docs/features/consent-and-erasure.md ("The person's rights").
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { type FormResult, getFormProps, useValidatedForm } from "~/utils/form";
import { useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
import { BusinessIdentitySchema, RETENTION_MAX_MONTHS } from "./identity.schema";

export type IdentitySettings = {
  postalAddress: string;
  privacyPolicyUrl: string;
  retentionMonths: number | null;
  retentionLastRunAt: string | null;
  lastErasure: { at: string; reason: "owner_request" | "retention"; leads: number } | null;
};

/** The action's answer; `result` is set when the fields failed the schema the form also checks with. */
export type IdentityResult = { message?: string; error?: string; result?: FormResult };

export function IdentitySettingsSection({ settings, result, busy }: { settings: IdentitySettings; result?: IdentityResult; busy: boolean }) {
  const [form, fields] = useValidatedForm(BusinessIdentitySchema, { id: "identity", lastResult: result?.result });
  const t = useOwnerT("settings");
  const dates = useOwnerDates();
  return (
    <section aria-labelledby="section-privacy" className={cardClass({ padding: "section" })}>
      <h2 id="section-privacy" className="scroll-mt-24 text-lg font-semibold text-gray-900">
        {t("privacy.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("privacy.description")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="identity" />
        <Field id="identity-postalAddress" label={t("privacy.postalAddress")} errors={fields.postalAddress.errors}>
          {(control) => <Textarea {...control} name="postalAddress" rows={3} maxLength={500} defaultValue={settings.postalAddress} />}
        </Field>
        <Field
          id="identity-privacyPolicyUrl"
          label={t("privacy.policyUrl")}
          hint={t("privacy.policyUrlHint")}
          errors={fields.privacyPolicyUrl.errors}
        >
          {(control) => (
            <Input
              {...control}
              name="privacyPolicyUrl"
              type="url"
              maxLength={500}
              placeholder={t("privacy.policyUrlPlaceholder")}
              defaultValue={settings.privacyPolicyUrl}
            />
          )}
        </Field>
        <Field
          id="identity-retentionMonths"
          label={t("privacy.retention")}
          hint={
            <>
              {t("privacy.retentionHint")}{" "}
              <span data-testid="retention-last-run">
                {settings.retentionLastRunAt ? t("privacy.lastRun", { when: dates.moment(settings.retentionLastRunAt) }) : t("privacy.notRun")}
              </span>
            </>
          }
          errors={fields.retentionMonths.errors}
        >
          {(control) => (
            <Input
              {...control}
              name="retentionMonths"
              type="number"
              min={1}
              max={RETENTION_MAX_MONTHS}
              inputMode="numeric"
              defaultValue={settings.retentionMonths ?? ""}
              className="sm:w-40"
            />
          )}
        </Field>
        {settings.lastErasure ? (
          <p className="text-sm text-gray-600">
            {t("privacy.lastErasure", {
              when: dates.moment(settings.lastErasure.at),
              how:
                settings.lastErasure.reason === "retention"
                  ? t("privacy.byRetention", { leads: settings.lastErasure.leads })
                  : t("privacy.onRequest"),
            })}
          </p>
        ) : null}
        <div className="flex items-center gap-4">
          <Button type="submit" disabled={busy}>
            {t("privacy.save")}
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
