import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { RedemptionReport, RedemptionRow } from "./redemption-report.server";

/**
 * The dashboard's "who redeemed and where": shown once a business has places or people to tell
 * apart (a location, or someone other than the owner at the counter).
 */
export function RedemptionTables({ report }: { report: RedemptionReport }) {
  const t = useOwnerT("dashboard");
  return (
    <section aria-labelledby="redemptions-title" className="mt-8 space-y-3">
      <h2 id="redemptions-title" className="text-xl font-semibold text-gray-900">
        {t("redemptions.title")}
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <RedemptionTable
          caption={t("redemptions.byLocation")}
          column={t("redemptions.location")}
          rows={report.byLocation}
          unnamed={t("redemptions.noLocation")}
        />
        <RedemptionTable
          caption={t("redemptions.byPerson")}
          column={t("redemptions.person")}
          rows={report.byPerson}
          unnamed={t("redemptions.unknown")}
        />
      </div>
    </section>
  );
}

export function showRedemptionTables(report: RedemptionReport) {
  return report.byLocation.some((row) => row.name !== "") || report.byPerson.some((row) => row.name !== "Owner");
}

/** The owner screens' numbers are in English for now, as their words are. */
const countOf = (count: number) => count.toLocaleString("en-US");

function RedemptionTable({ caption, column, rows, unnamed }: { caption: string; column: string; rows: RedemptionRow[]; unnamed: string }) {
  const t = useOwnerT("dashboard");
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-base font-semibold text-gray-900">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-600">
            <th scope="col" className="px-4 py-2 font-medium">
              {column}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t("redemptions.lastWeek")}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {t("redemptions.lastMonth")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="px-4 py-2 font-normal text-gray-900">
                {row.name || unnamed}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{countOf(row.lastWeek)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{countOf(row.lastMonth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
