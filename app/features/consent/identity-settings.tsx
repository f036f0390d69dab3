// Settings → "Privacy & retention": the business's postal address and privacy policy, shown to
// visitors, and how long leads are kept (issue 14). A self-contained section of /settings.
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { controlClass } from "~/components/ui/input";
import { Form } from "react-router";

export type IdentitySettings = {
  postalAddress: string;
  privacyPolicyUrl: string;
  retentionMonths: number | null;
  retentionLastRunAt: string | null;
  lastErasure: { at: string; reason: "owner_request" | "retention"; leads: number } | null;
};

export type IdentityResult = { message?: string; error?: string; fieldErrors?: Record<string, string> };

const inputClass = controlClass({ className: "mt-1" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export function IdentitySettingsSection({ settings, result, busy }: { settings: IdentitySettings; result?: IdentityResult; busy: boolean }) {
  const errors = result?.fieldErrors ?? {};
  const error = (name: string) =>
    errors[name] ? (
      <p id={`identity-${name}-error`} className="mt-1 text-sm text-red-600">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string, hint?: boolean) =>
    [hint ? `identity-${name}-hint` : null, errors[name] ? `identity-${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <section aria-labelledby="section-privacy" className={cardClass()}>
      <h2 id="section-privacy" className="text-lg font-semibold text-gray-900">
        Privacy &amp; retention
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Your capture pages show your business name with a Privacy link; emails to visitors carry your postal address.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="identity" />
        <div>
          <label htmlFor="identity-postalAddress" className="block text-sm font-medium text-gray-700">
            Business postal address
          </label>
          <textarea
            id="identity-postalAddress"
            name="postalAddress"
            rows={3}
            maxLength={500}
            defaultValue={settings.postalAddress}
            aria-invalid={errors.postalAddress ? true : undefined}
            aria-describedby={described("postalAddress")}
            className={inputClass}
          />
          {error("postalAddress")}
        </div>
        <div>
          <label htmlFor="identity-privacyPolicyUrl" className="block text-sm font-medium text-gray-700">
            Privacy policy URL
          </label>
          <input
            id="identity-privacyPolicyUrl"
            name="privacyPolicyUrl"
            type="url"
            maxLength={500}
            placeholder="https://example.com/privacy"
            defaultValue={settings.privacyPolicyUrl}
            aria-invalid={errors.privacyPolicyUrl ? true : undefined}
            aria-describedby={described("privacyPolicyUrl", true)}
            className={inputClass}
          />
          <p id="identity-privacyPolicyUrl-hint" className="mt-1 text-xs text-gray-500">
            Leave empty to use a short default notice naming your business, and LeadQR as processor.
          </p>
          {error("privacyPolicyUrl")}
        </div>
        <div>
          <label htmlFor="identity-retentionMonths" className="block text-sm font-medium text-gray-700">
            Delete leads older than (months)
          </label>
          <input
            id="identity-retentionMonths"
            name="retentionMonths"
            type="number"
            min={1}
            max={120}
            inputMode="numeric"
            defaultValue={settings.retentionMonths ?? ""}
            aria-invalid={errors.retentionMonths ? true : undefined}
            aria-describedby={described("retentionMonths", true)}
            className={`${inputClass} sm:w-40`}
          />
          <p id="identity-retentionMonths-hint" className="mt-1 text-xs text-gray-500">
            Off when empty (the default). A daily job deletes older leads with their consent records.{" "}
            <span data-testid="retention-last-run">
              {settings.retentionLastRunAt ? `Last run: ${dateTime.format(new Date(settings.retentionLastRunAt))} UTC.` : "Not run yet."}
            </span>
          </p>
          {error("retentionMonths")}
        </div>
        {settings.lastErasure ? (
          <p className="text-sm text-gray-600">
            Last erasure: {dateTime.format(new Date(settings.lastErasure.at))} UTC (
            {settings.lastErasure.reason === "retention" ? `${settings.lastErasure.leads} by retention` : "on your request"}).
          </p>
        ) : null}
        <div className="flex items-center gap-4">
          <button type="submit" disabled={busy} className={buttonClass()}>
            Save privacy settings
          </button>
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
