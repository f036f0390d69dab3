import { buttonClass } from "~/components/ui/button";
import { Form } from "react-router";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { LocationSelect } from "~/features/team/location-select";
import type { DateRange } from "./analytics";

const FIELD =
  "rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none";

/**
 * The range as a GET form: 7/30/90 days or custom dates, in the owner's time zone; works without
 * JavaScript. With locations, the same form carries the location filter (docs/features/team.md,
 * "Per-location numbers"), so changing one keeps the other.
 */
export function RangePicker({
  range,
  today,
  timeZone,
  locations = [],
  location = null,
}: {
  range: DateRange;
  today: string;
  timeZone: string;
  locations?: Array<{ id: string; name: string }>;
  location?: string | null;
}) {
  const t = useOwnerT("analytics");
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" aria-label={t("range.label")}>
      <div className="flex flex-col">
        <label htmlFor="range" className="text-xs font-medium text-gray-600">
          {t("range.range")}
        </label>
        <select id="range" name="range" defaultValue={range.preset} key={`${range.preset}`} className={FIELD}>
          <option value="7">{t("range.last7")}</option>
          <option value="30">{t("range.last30")}</option>
          <option value="90">{t("range.last90")}</option>
          <option value="custom">{t("range.custom")}</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor="range-from" className="text-xs font-medium text-gray-600">
          {t("range.from")}
        </label>
        <input id="range-from" type="date" name="from" max={today} defaultValue={range.from} key={`from-${range.from}`} className={FIELD} />
      </div>
      <div className="flex flex-col">
        <label htmlFor="range-to" className="text-xs font-medium text-gray-600">
          {t("range.to")}
        </label>
        <input id="range-to" type="date" name="to" max={today} defaultValue={range.to} key={`to-${range.to}`} className={FIELD} />
      </div>
      {locations.length > 0 ? (
        <div className="flex flex-col">
          <label htmlFor="range-location" className="text-xs font-medium text-gray-600">
            {t("range.location")}
          </label>
          <LocationSelect id="range-location" locations={locations} selected={location} className={FIELD} />
        </div>
      ) : null}
      <button type="submit" className={buttonClass({ variant: "secondary", size: "md" })}>
        {t("range.apply")}
      </button>
      <p className="w-full text-xs text-gray-500">{t("range.hint", { timeZone })}</p>
    </Form>
  );
}
