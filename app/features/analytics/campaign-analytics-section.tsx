// The campaign page's figures for a range: totals, charts and the placements table.
// Rules: docs/features/counting.md ("Conversion", "The campaign page").
import { cardClass } from "~/components/ui/card";
import { OwnerTrans, useOwnerLanguage, useOwnerNumbers, useOwnerT } from "~/features/languages/owner/owner-language";
import type { PlacementActionData } from "~/features/placements/placement-actions.server";
import { PlacementsPanel } from "~/features/placements/placements-panel";
import { rangeSummarySentence, SCAN_EXCLUSION_REASONS, uniqueExactnessSentence, type DateRange } from "./analytics";
import { ByDayChart, HeatMap, SplitBars } from "./analytics-charts";
import type { CampaignAnalytics } from "./analytics.server";
import { RangePicker } from "./range-picker";
import { ScanDetailReach } from "./scan-reach";

/** What the campaign page's loader gives this section. */
export type CampaignAnalyticsView = {
  campaign: { id: string };
  analytics: CampaignAnalytics;
  range: DateRange;
  today: string;
  timeZone: string;
  locations: Array<{ id: string; name: string }>;
  /** The location filter's choice (null: all the user may see). */
  location?: string | null;
  placementLocations: Record<string, string | null>;
  /** The locations the placement forms offer: a limited campaign's only. */
  pickableLocations?: Array<{ id: string; name: string }>;
  /** A viewer reads the figures only: no placement forms. */
  role?: "owner" | "manager" | "staff" | "viewer";
  exclusionSummary: string;
  refusalSummary: string;
  /** How old the rolled-up hours are; null before the rollup job's first run. */
  rolledSecondsAgo: number | null;
  /** The first day whose scan details are kept (SCAN_RETENTION_MONTHS). */
  scansKeptSince: string;
};

/** "Updated 40 s ago": how old the rolled-up hours are; nothing before the job's first run. */
function RolledAgo({ seconds }: { seconds: number | null }) {
  const t = useOwnerT("campaignPage");
  if (seconds === null) return null;
  return (
    <span data-testid="rolled-ago">
      {seconds < 120 ? t("analytics.updatedSeconds", { seconds }) : t("analytics.updatedMinutes", { minutes: Math.round(seconds / 60) })}
    </span>
  );
}

/** The analytics of one campaign over the chosen range, with the placements table below. */
export function CampaignAnalyticsSection({
  loaderData,
  actionData,
}: {
  loaderData: CampaignAnalyticsView;
  actionData: PlacementActionData | undefined;
}) {
  const t = useOwnerT("campaignPage");
  const { campaign, analytics, range } = loaderData;
  const { totals } = analytics;
  const rangeLabel =
    range.preset === "custom" ? t("analytics.customRange", { from: range.from, to: range.to }) : t("analytics.lastDays", { days: range.days });
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="analytics-heading" className="text-xl font-semibold text-gray-900">
            {t("analytics.title")}
          </h2>
          <p className="text-sm text-gray-600">
            {t("analytics.showing", { range: rangeLabel })} <RolledAgo seconds={loaderData.rolledSecondsAgo} />
          </p>
          <ScanDetailReach since={loaderData.scansKeptSince} />
        </div>
        <RangePicker
          range={range}
          today={loaderData.today}
          timeZone={loaderData.timeZone}
          locations={loaderData.locations}
          location={loaderData.location ?? null}
        />
      </div>
      {range.notice ? (
        <p role="status" className="rounded-lg border border-yellow-200 bg-yellow-50 p-3 text-sm text-yellow-800">
          {range.notice}
        </p>
      ) : null}
      {totals.scans === 0 ? (
        <NoScansYet loaderData={loaderData} />
      ) : (
        <>
          <RangeSummary loaderData={loaderData} />
          <ByDayChart days={analytics.byDay} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SplitBars id="devices" title={t("analytics.devices")} rows={analytics.devices} total={totals.scans} />
            <SplitBars id="systems" title={t("analytics.systems")} rows={analytics.systems} total={totals.scans} />
          </div>
          <HeatMap cells={analytics.heatMap} />
        </>
      )}
      <PlacementsPanel
        campaignId={campaign.id}
        placements={analytics.placements}
        locations={loaderData.locations}
        placementLocations={loaderData.placementLocations}
        pickable={loaderData.pickableLocations}
        actionData={actionData}
        readOnly={loaderData.role === "viewer"}
        atLocationsOnly={loaderData.role === "manager"}
      />
    </section>
  );
}

/** A range without a counted scan: one card instead of empty charts, saying only what did happen. */
function NoScansYet({ loaderData }: { loaderData: CampaignAnalyticsView }) {
  const t = useOwnerT("campaignPage");
  const { exclusions, refusals } = loaderData.analytics;
  const excluded = Object.values(exclusions).some((count) => (count ?? 0) > 0);
  const refused = Object.values(refusals).some((count) => (count ?? 0) > 0);
  return (
    <section aria-labelledby="no-scans-heading" className={cardClass({ padding: "md", className: "space-y-1 text-sm text-gray-700" })}>
      <h3 id="no-scans-heading" className="text-base font-semibold text-gray-900">
        {t("analytics.noScans.title")}
      </h3>
      <p>{t("analytics.noScans.hint")}</p>
      {excluded ? <p data-testid="exclusions">{loaderData.exclusionSummary}</p> : null}
      {refused ? <p data-testid="lead-refusals">{loaderData.refusalSummary}</p> : null}
    </section>
  );
}

function RangeSummary({ loaderData }: { loaderData: CampaignAnalyticsView }) {
  const t = useOwnerT("campaignPage");
  const sentences = useOwnerT("campaignSentences");
  const language = useOwnerLanguage();
  const numbers = useOwnerNumbers();
  const { analytics } = loaderData;
  const { totals } = analytics;
  return (
    <div className={cardClass({ padding: "sm", className: "space-y-2 text-sm text-gray-700" })}>
      <p className="text-base font-medium text-gray-900" data-testid="range-summary">
        {rangeSummarySentence(totals, loaderData.range, language)}
      </p>
      <p data-testid="exclusions">{loaderData.exclusionSummary}</p>
      <p data-testid="lead-refusals">{loaderData.refusalSummary}</p>
      {totals.scans > 0 ? (
        <p data-testid="unique-exactness">{uniqueExactnessSentence(totals.scans, analytics.visitorIds.neverBack, language)}</p>
      ) : null}
      <details className="text-gray-600">
        <summary className="cursor-pointer text-blue-700">{t("analytics.notCounted")}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {SCAN_EXCLUSION_REASONS.map((reason) => (
            <li key={reason}>
              <span className="font-medium text-gray-800">{t(`analytics.exclusionLabels.${reason}`)}</span>:{" "}
              {sentences(`exclusions.explanations.${reason}`)}
              {t("analytics.inRange", { number: numbers.count(analytics.exclusions[reason] ?? 0) })}
            </li>
          ))}
        </ul>
        <p className="mt-2">
          <OwnerTrans
            ns="campaignPage"
            k="analytics.counting"
            values={{ rate: totals.conversionOnScans }}
            components={{ rate: <span data-testid="conversion-on-scans" /> }}
          />
        </p>
      </details>
    </div>
  );
}
