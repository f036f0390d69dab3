import { useId } from "react";
import type { OfferExpiryKind } from "~/db/schema/redeem";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { MAX_VALID_DAYS } from "./offer";

export type OfferRuleValues = { expiry: OfferExpiryKind; validUntil: string | null; validDays: number | null };

const CONTROL = "rounded-lg border border-gray-300 px-3 py-1.5 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none";

/**
 * How long a claimed code stays valid: no expiry, until a day, or N days after the claim. Plain
 * inputs (no JavaScript needed); the server validates and turns the day into the owner's midnight.
 */
export function OfferRuleFields(props: {
  initial?: OfferRuleValues;
  /** Values the server echoed after a failed save. */
  echoed?: Record<string, string | undefined>;
  errors: Record<string, string>;
}) {
  const id = useId();
  const t = useOwnerT("offerRule");
  const expiry = (props.echoed?.offerExpiry as OfferExpiryKind | undefined) ?? props.initial?.expiry ?? "none";
  const validUntil = props.echoed?.offerValidUntil ?? props.initial?.validUntil ?? "";
  const validDays = props.echoed?.offerValidDays ?? (props.initial?.validDays ? String(props.initial.validDays) : "30");
  const error = props.errors.offerValidUntil ?? props.errors.offerValidDays ?? props.errors.offerExpiry;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="block text-sm font-medium text-gray-700">{t("legend")}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {t("hint")}
      </p>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="radio" name="offerExpiry" value="none" defaultChecked={expiry === "none"} /> {t("noExpiry")}
      </label>
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
        <label className="flex items-center gap-2">
          <input type="radio" name="offerExpiry" value="until" defaultChecked={expiry === "until"} /> {t("validUntil")}
        </label>
        <label htmlFor={`${id}-until`} className="sr-only">
          {t("lastDay")}
        </label>
        <input
          id={`${id}-until`}
          type="date"
          name="offerValidUntil"
          defaultValue={validUntil}
          aria-invalid={props.errors.offerValidUntil ? true : undefined}
          className={CONTROL}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
        <label className="flex items-center gap-2">
          <input type="radio" name="offerExpiry" value="days" defaultChecked={expiry === "days"} /> {t("validFor")}
        </label>
        <label htmlFor={`${id}-days`} className="sr-only">
          {t("daysLabel")}
        </label>
        <input
          id={`${id}-days`}
          type="number"
          name="offerValidDays"
          min={1}
          max={MAX_VALID_DAYS}
          inputMode="numeric"
          defaultValue={validDays}
          aria-invalid={props.errors.offerValidDays ? true : undefined}
          className={`${CONTROL} w-24`}
        />
        <span>{t("daysAfter")}</span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
