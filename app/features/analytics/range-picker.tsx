/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { buttonClass } from "~/components/ui/button";
import { Form } from "react-router";
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
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2" aria-label="Date range">
      <div className="flex flex-col">
        <label htmlFor="range" className="text-xs font-medium text-gray-600">
          Range
        </label>
        <select id="range" name="range" defaultValue={range.preset} key={`${range.preset}`} className={FIELD}>
          <option value="7">Last 7 days</option>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
          <option value="custom">Custom dates</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor="range-from" className="text-xs font-medium text-gray-600">
          From
        </label>
        <input id="range-from" type="date" name="from" max={today} defaultValue={range.from} key={`from-${range.from}`} className={FIELD} />
      </div>
      <div className="flex flex-col">
        <label htmlFor="range-to" className="text-xs font-medium text-gray-600">
          To
        </label>
        <input id="range-to" type="date" name="to" max={today} defaultValue={range.to} key={`to-${range.to}`} className={FIELD} />
      </div>
      {locations.length > 0 ? (
        <div className="flex flex-col">
          <label htmlFor="range-location" className="text-xs font-medium text-gray-600">
            Location
          </label>
          <LocationSelect id="range-location" locations={locations} selected={location} className={FIELD} />
        </div>
      ) : null}
      <button type="submit" className={buttonClass({ variant: "secondary", size: "md" })}>
        Apply
      </button>
      <p className="w-full text-xs text-gray-500">Dates are days in your time zone ({timeZone}). From and To apply when “Custom dates” is chosen.</p>
    </Form>
  );
}
