import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { cardClass } from "~/components/ui/card";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { dateTimeFormat, dayLabel } from "~/utils/dates";
import { conversionOf } from "~/features/campaigns/campaigns";
import { INTL_LOCALES } from "~/features/languages/languages";
import { useOwnerLanguage, useOwnerNumbers, useOwnerT } from "~/features/languages/owner/owner-language";
import { hourLabel, share, WEEKDAYS } from "./analytics";
import type { DayCounts } from "./analytics.server";

const CARD = cardClass({ padding: "md" });

// Not animated: on a resize (a phone turned) recharts moved the points from the old width for
// 1.5 s, today's off the chart's edge meanwhile.
const LINE = { type: "monotone", strokeWidth: 1.5, isAnimationActive: false } as const;

/** Days ("Mar 9") and weekdays ("Mon", Monday first) in the signed-in member's language. */
function useChartDates() {
  const locale = INTL_LOCALES[useOwnerLanguage()];
  const weekday = dateTimeFormat(locale, "UTC", { weekday: "short" });
  // 1 January 2024 was a Monday: the seven days from it are WEEKDAYS' order.
  const weekdays = WEEKDAYS.map((_, index) => weekday.format(new Date(Date.UTC(2024, 0, 1 + index))));
  return { day: (value: string) => dayLabel(value, locale), weekdays };
}

/** Scans, unique scans and leads per day: a line chart, a summary sentence and the figures as a table. */
export function ByDayChart({ days }: { days: DayCounts[] }) {
  const t = useOwnerT("analytics");
  const { count, percent } = useOwnerNumbers();
  const { day: dayLabel } = useChartDates();
  const points = days.map((row) => ({ ...row, date: dayLabel(row.day) }));
  const dots = days.length <= 31 ? { r: 3 } : false;
  const busiest = days.reduce<DayCounts | null>((best, row) => (row.scans > (best?.scans ?? 0) ? row : best), null);
  return (
    <section aria-labelledby="by-day-title" className={CARD}>
      <h3 id="by-day-title" className="text-lg font-semibold text-gray-900">
        {t("byDay.title")}
      </h3>
      <p className="mt-1 text-sm text-gray-600" data-testid="by-day-summary">
        {busiest
          ? t("byDay.busiest", {
              day: dayLabel(busiest.day),
              scans: t("scanCount", { count: busiest.scans }),
              unique: busiest.unique,
              leads: t("leadCount", { count: busiest.leads }),
            })
          : t("noScans")}
      </p>
      <div className="mt-4 h-64 min-w-0 overflow-hidden" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: 256 }}>
          <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 12, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
            <XAxis dataKey="date" tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} tickFormatter={(value: number) => count(value)} />
            <Tooltip formatter={(value) => (typeof value === "number" ? count(value) : value)} />
            <Legend />
            <Line {...LINE} dataKey="scans" name={t("byDay.scansLine")} stroke="#3B82F6" dot={dots} />
            <Line {...LINE} dataKey="unique" name={t("byDay.uniqueLine")} stroke="#7C3AED" strokeDasharray="4 3" dot={false} />
            <Line {...LINE} dataKey="leads" name={t("byDay.leadsLine")} stroke="#10B981" dot={dots} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-700">{t("byDay.showTable")}</summary>
        <div className="relative mt-2 max-h-80 overflow-auto">
          <Table caption={t("byDay.caption")} density="compact">
            <THead>
              <Th>{t("byDay.date")}</Th>
              <Th align="right">{t("byDay.scansColumn")}</Th>
              <Th align="right">{t("byDay.uniqueColumn")}</Th>
              <Th align="right">{t("byDay.qrColumn")}</Th>
              <Th align="right">{t("byDay.leadsColumn")}</Th>
              <Th align="right">{t("byDay.conversionColumn")}</Th>
            </THead>
            <TBody>
              {days.map((row) => (
                <tr key={row.day} data-testid="day-row">
                  <Th scope="row" className="font-normal">
                    {dayLabel(row.day)}
                  </Th>
                  <Td align="right">{row.scans}</Td>
                  <Td align="right">{row.unique}</Td>
                  <Td align="right">{row.qr}</Td>
                  <Td align="right">{row.leads}</Td>
                  <Td align="right">{percent(conversionOf(row.converted, row.unique))}</Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </section>
  );
}

/** A share of scans per name as labelled bars; the numbers are text, so the list reads without the bars. */
export function SplitBars({ title, id, rows, total }: { title: string; id: string; rows: Array<{ name: string; scans: number }>; total: number }) {
  const t = useOwnerT("analytics");
  const { count, percent } = useOwnerNumbers();
  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h3 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t("noScans")}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid={id}>
          {rows.map((row) => (
            <li key={row.name}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="font-medium text-gray-800">{row.name}</span>
                <span className="text-gray-600">
                  {count(row.scans)} ({percent(share(row.scans, total))})
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div className="h-2 rounded-full bg-blue-500" style={{ width: `${share(row.scans, total)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SHADES = [
  "bg-gray-50 text-gray-400",
  "bg-blue-100 text-blue-900",
  "bg-blue-300 text-blue-950",
  "bg-blue-500 text-white",
  "bg-blue-700 text-white",
];

/** Scans by weekday and hour as a real table: each cell carries its number, shaded by volume. */
export function HeatMap({ cells }: { cells: number[][] }) {
  const t = useOwnerT("analytics");
  const { weekdays } = useChartDates();
  const max = Math.max(0, ...cells.flat());
  let best: { weekday: number; hour: number; scans: number } | null = null;
  cells.forEach((row, weekday) =>
    row.forEach((scans, hour) => {
      if (scans > (best?.scans ?? 0)) best = { weekday, hour, scans };
    }),
  );
  const peak = best as { weekday: number; hour: number; scans: number } | null;
  const shade = (value: number) => (value === 0 ? SHADES[0] : SHADES[Math.min(4, 1 + Math.floor((value / max) * 3.999))]);
  // A phone lists hours down: only the span from the first to the last hour with a scan (issue 54: 24 empty rows made the page 5,000 px).
  const busy = HOURS.filter((hour) => cells.some((row) => (row[hour] ?? 0) > 0));
  const phoneHours = busy.length ? HOURS.slice(busy[0], busy[busy.length - 1]! + 1) : HOURS;
  const trimmed = phoneHours.length < HOURS.length;
  return (
    <section aria-labelledby="heat-title" className={CARD}>
      <h3 id="heat-title" className="text-lg font-semibold text-gray-900">
        {t("heat.title")}
      </h3>
      <p className="mt-1 text-sm text-gray-600" data-testid="heat-summary">
        {peak
          ? t("heat.busiest", {
              weekday: weekdays[peak.weekday]!,
              from: hourLabel(peak.hour),
              to: hourLabel((peak.hour + 1) % 24),
              scans: t("scanCount", { count: peak.scans }),
            })
          : t("noScans")}
      </p>
      {/* A laptop reads weekdays down and 24 hours across; a phone has room for 7 columns, so
          there the table turns: hours down, weekdays across (only one of the two is displayed). */}
      <div className="relative mt-3 hidden overflow-x-auto sm:block" role="region" aria-label={t("heat.wide")} tabIndex={0}>
        <table className="border-separate border-spacing-0.5 text-[10px]">
          <caption className="sr-only">{t("heat.wideCaption")}</caption>
          <thead>
            <tr>
              <td />
              {HOURS.map((hour) => (
                <th key={hour} scope="col" className="w-6 font-normal text-gray-500">
                  <abbr title={hourLabel(hour)} className="no-underline">
                    {hour}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cells.map((row, weekday) => (
              <tr key={WEEKDAYS[weekday]}>
                <th scope="row" className="pr-1 text-left font-normal text-gray-600">
                  {weekdays[weekday]}
                </th>
                {row.map((scans, hour) => (
                  <HeatCell key={hour} weekday={weekdays[weekday]!} hour={hour} scans={scans} shade={shade(scans)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-3 sm:hidden" role="region" aria-label={t("heat.narrow")}>
        <table className="w-full table-fixed border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">{t("heat.narrowCaption")}</caption>
          <thead>
            <tr>
              <td className="w-14" />
              {WEEKDAYS.map((weekday, index) => (
                <th key={weekday} scope="col" className="font-normal text-gray-500">
                  {weekdays[index]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {phoneHours.map((hour) => (
              <tr key={hour}>
                <th scope="row" className="pr-1 text-left font-normal whitespace-nowrap text-gray-600">
                  {hourLabel(hour)}
                </th>
                {cells.map((row, weekday) => (
                  <HeatCell key={weekday} weekday={weekdays[weekday]!} hour={hour} scans={row[hour] ?? 0} shade={shade(row[hour] ?? 0)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {trimmed ? (
          <p className="mt-2 text-xs text-gray-500" data-testid="heat-hours-shown">
            {t("heat.hoursShown", { from: hourLabel(phoneHours[0]!), to: hourLabel((phoneHours[phoneHours.length - 1]! + 1) % 24) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** One hour of one weekday (its name in the member's language): the count, and the moment as its title. */
function HeatCell({ weekday, hour, scans, shade }: { weekday: string; hour: number; scans: number; shade: string }) {
  const title = `${weekday} ${hourLabel(hour)}: ${scans}`;
  return (
    <td title={title} className={`h-6 min-w-6 rounded text-center ${shade}`}>
      {scans > 0 ? scans : <span className="sr-only">0</span>}
    </td>
  );
}
