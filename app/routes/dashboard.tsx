// Rules: docs/features/accounts-and-billing.md ("The free campaign limit").
import { BarChart3, Eye, Plus, QrCode, Target, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { StatCard } from "~/components/stat-card";
import { PaymentSuccess } from "~/features/billing/payment-success";
import { scanUsageLabel } from "~/features/billing/plan";
import { CampaignCard, cardActionsOf } from "~/features/campaigns/campaign-card";
import { freeScanAllowance } from "~/features/dashboard/dashboard";
import { ScanLimitBanner, type NearScanLimit } from "~/features/campaigns/scan-limit-banner";
import { campaignsNearScanLimit } from "~/features/scans/scan-notices.server";
import { emptyChart, getDashboard, type DashboardData } from "~/features/dashboard/dashboard.server";
import { GettingStarted, showGettingStarted } from "~/features/dashboard/getting-started";
import { OverviewChart } from "~/features/dashboard/overview-chart";
import { ownerT, useOwnerT, ownerLanguageIn, useOwnerNumbers } from "~/features/languages/owner/owner-language";
import { RedeemFunnel } from "~/features/analytics/funnel";
import { LeadList, type LeadListRow } from "~/features/leads/lead-list";
import { parseLeadsQuery } from "~/features/leads/leads.schema";
import { listLeads } from "~/features/leads/leads.server";
import { countRedeems } from "~/features/redeem/offer-codes.server";
import { countRedemptionsByPlaceAndPerson, type RedemptionReport } from "~/features/redeem/redemption-report.server";
import { RedemptionTables, showRedemptionTables } from "~/features/redeem/redemption-tables";
import { SyncBrokenBanner, type BrokenSyncView } from "~/features/sync/sync-broken-banner";
import { brokenSyncConnections } from "~/features/sync/status.server";
import { logger } from "~/utils/logger.server";
import { readerDb } from "~/utils/reader.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import { locationFilterOf, type LocationFilter } from "~/features/team/scope.server";
import { LocationSelect } from "~/features/team/location-select";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  // Managers and viewers see their locations' figures; staff go to the counter (docs/features/team.md).
  const acting = await requireBusiness(request, ROLES.read);
  const { role, businessId } = acting;
  const isPro = acting.plan.isPro;
  const url = new URL(request.url);
  if (url.searchParams.get("success") === "true") {
    return { view: "payment-success" as const, isPro };
  }

  const timeZone = await getTimeZone(request);
  let dashboard: DashboardData;
  let loadFailed = false;
  let redeemed = 0;
  let nearScanLimit: NearScanLimit[] = [];
  let brokenSync: BrokenSyncView[] = [];
  let latestLeads: LeadListRow[] = [];
  let redemptions: RedemptionReport | null = null;
  let filter: LocationFilter = { locations: [], selected: null, placementIds: acting.placementIds };
  try {
    // Figures only: the read replica's, unless this browser has just written (readerDb).
    const db = await readerDb({ request });
    filter = await locationFilterOf(db, acting, url.searchParams.get("location"));
    const { placementIds } = filter;
    const isOwner = role === "owner";
    const [loaded, redeems, nearLimit, broken, leadsPage, report] = await Promise.all([
      getDashboard(db, { userId: businessId, timeZone, placementIds, locationIds: acting.locationIds }),
      countRedeems(db, { userId: businessId }),
      // Plan limits and broken sync are the owner's to act on.
      isPro || !isOwner ? [] : campaignsNearScanLimit(db, businessId),
      isOwner ? brokenSyncConnections(db, { userId: businessId }) : [],
      // The leads screen's first page, newest first, masked as it masks them for a free owner; a viewer reads no lead.
      role === "viewer"
        ? null
        : listLeads(db, { userId: businessId, isPro, query: parseLeadsQuery(new URL("/leads", request.url)), timeZone, placementIds }),
      // Who redeemed where: the picked location's, else every location the user may see.
      countRedemptionsByPlaceAndPerson(db, { userId: businessId, locationIds: filter.selected ? [filter.selected] : acting.locationIds }),
    ]);
    redemptions = showRedemptionTables(report) ? report : null;
    // A filtered view counts the codes of its placements (the owner's total holds every location).
    [dashboard, redeemed, nearScanLimit, brokenSync] = [loaded, placementIds === null ? redeems.redeemed : loaded.redeemed, nearLimit, broken];
    latestLeads = (leadsPage?.leads ?? [])
      .slice(0, LATEST_LEADS)
      .map(({ id, name, email, campaign, collectedAt, collectedAtIso, redeemedAtIso, isMasked }) => ({
        id,
        name,
        email,
        campaign,
        collectedAt,
        collectedAtIso,
        redeemedAtIso,
        isMasked,
      }));
  } catch (error) {
    // The spec's fallback: the page still shows, with 7 days of zeros.
    logger.error({ err: error, userId: businessId }, "dashboard load failed");
    loadFailed = true;
    dashboard = {
      campaignCount: 0,
      stats: { totalLeads: 0, totalScans: 0, activeCampaigns: 0, conversionRate: 0, leadsTrend: null, scansTrend: null },
      chart: emptyChart({ timeZone }),
      recentCampaigns: [],
      redeemed: 0,
    };
  }

  return {
    view: "dashboard" as const,
    isPro,
    loadFailed,
    freeScans: isPro ? null : { used: dashboard.stats.totalScans, limit: freeScanAllowance(dashboard.campaignCount) },
    stats: dashboard.stats,
    chart: dashboard.chart,
    recentCampaigns: dashboard.recentCampaigns,
    hasCampaigns: dashboard.campaignCount > 0,
    redeemed,
    nearScanLimit,
    brokenSync,
    latestLeads,
    redemptions,
    role,
    locations: filter.locations,
    location: filter.selected,
  };
}

const LATEST_LEADS = 5;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useOwnerT("dashboard");
  const numbers = useOwnerNumbers();
  if (loaderData.view === "payment-success") return <PaymentSuccess isPro={loaderData.isPro} />;
  const {
    isPro,
    stats,
    chart,
    recentCampaigns,
    hasCampaigns,
    freeScans,
    loadFailed,
    redeemed,
    nearScanLimit,
    brokenSync,
    latestLeads,
    role,
    redemptions,
  } = loaderData;
  const progress = { campaignId: recentCampaigns[0]?.id ?? null, scans: stats.totalScans, leads: stats.totalLeads };
  const isOwner = role === "owner";
  // The getting-started steps are the owner's: a member cannot create the first campaign.
  const showSteps = isOwner && !loadFailed;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title={t("title")} description={t("description")} actions={isOwner ? <NewCampaignButton /> : undefined} />

      {loaderData.locations.length > 0 ? <LocationPicker locations={loaderData.locations} selected={loaderData.location} /> : null}

      {brokenSync.length > 0 ? (
        <div className="mt-6">
          <SyncBrokenBanner connections={brokenSync} />
        </div>
      ) : null}

      {nearScanLimit.length > 0 ? (
        <div className="mt-6">
          <ScanLimitBanner campaigns={nearScanLimit} />
        </div>
      ) : null}

      {loadFailed ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-700">
          {t("loadFailed")}
        </p>
      ) : null}

      {/* Before the first campaign the steps come first: there is nothing to count yet. */}
      {showSteps && !hasCampaigns ? (
        <div className="mt-6">
          <GettingStarted {...progress} />
        </div>
      ) : null}

      {/* Two by two on a phone, as the campaigns page; the free scans tile spans the row. */}
      <div className={`mt-6 grid grid-cols-2 gap-3 sm:gap-4 ${freeScans ? "lg:grid-cols-5" : "lg:grid-cols-4"}`}>
        <StatCard title={t("stats.totalLeads")} value={numbers.count(stats.totalLeads)} icon={Users} color="green" trend={stats.leadsTrend} />
        <StatCard title={t("stats.totalScans")} value={numbers.count(stats.totalScans)} icon={Eye} color="blue" trend={stats.scansTrend} />
        <StatCard title={t("stats.activeCampaigns")} value={numbers.count(stats.activeCampaigns)} icon={QrCode} color="purple" />
        <StatCard title={t("stats.conversionRate")} value={numbers.percent(stats.conversionRate)} icon={Target} color="orange" />
        {freeScans ? (
          <StatCard
            className="col-span-2 lg:col-span-1"
            title={t("stats.freeScansUsed")}
            value={scanUsageLabel(freeScans.used, { isPro: false, limit: freeScans.limit })}
            icon={BarChart3}
            color="orange"
          />
        ) : null}
      </div>

      <section aria-labelledby="funnel-title" className="mt-6 space-y-3 rounded-xl border border-gray-200 bg-white p-5">
        <div className="flex items-center justify-between gap-4">
          <h2 id="funnel-title" className="text-lg font-semibold text-gray-900">
            {t("funnel.title")}
          </h2>
          {role === "viewer" ? null : (
            <Link to="/redeem" className="text-sm font-medium text-blue-600 hover:text-blue-700">
              {t("funnel.redeem")}
            </Link>
          )}
        </div>
        <RedeemFunnel scans={stats.totalScans} leads={stats.totalLeads} redeemed={redeemed} />
      </section>

      {hasCampaigns || loadFailed ? (
        <div className="mt-8">{showSteps && showGettingStarted(progress) ? <GettingStarted {...progress} /> : <OverviewChart points={chart} />}</div>
      ) : null}

      {hasCampaigns && role !== "viewer" ? <LatestLeads leads={latestLeads} /> : null}

      {redemptions ? <RedemptionTables report={redemptions} /> : null}

      <section aria-labelledby="recent-title" className="mt-8">
        <div className="flex items-center justify-between gap-4">
          <h2 id="recent-title" className="text-xl font-semibold text-gray-900">
            {t("recent.title")}
          </h2>
          {hasCampaigns ? (
            <Link to="/campaigns" className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
              {t("recent.viewAll")}
            </Link>
          ) : null}
        </div>
        {hasCampaigns ? (
          <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {recentCampaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                campaign={campaign}
                isPro={isPro}
                deleteConfirmation={t("recent.deleteConfirmation")}
                actions={cardActionsOf(role, campaign.shared)}
              />
            ))}
          </div>
        ) : loadFailed ? null : !isOwner ? (
          <p className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600">{t("recent.emptyMember")}</p>
        ) : (
          <div className="mt-4 rounded-xl border-2 border-dashed border-gray-300 p-10 text-center">
            <QrCode aria-hidden="true" className="mx-auto h-12 w-12 text-gray-400" />
            <p className="mt-4 text-lg font-semibold text-gray-900">{t("recent.empty")}</p>
            <p className="mt-1 text-gray-600">{t("recent.emptyHint")}</p>
            <Link
              to="/campaigns?new=1"
              className="mt-6 inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700"
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t("recent.createFirst")}
            </Link>
          </div>
        )}
      </section>
    </main>
  );
}

/** `?location=<id>`: a plain GET form, so it works before the page's script has loaded. */
function LocationPicker({ locations, selected }: { locations: Array<{ id: string; name: string }>; selected: string | null }) {
  const t = useOwnerT("dashboard");
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-2">
      <label className="text-sm font-medium text-gray-700">
        {t("location.label")}
        <LocationSelect
          id="dashboard-location"
          locations={locations}
          selected={selected}
          className="mt-1 block w-56 rounded-lg border border-gray-300 px-3 py-2"
        />
      </label>
      <button type="submit" className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
        {t("location.apply")}
      </button>
    </Form>
  );
}

function LatestLeads({ leads }: { leads: LeadListRow[] }) {
  const t = useOwnerT("dashboard");
  return (
    <section aria-labelledby="latest-leads-title" className="mt-8">
      <div className="flex items-center justify-between gap-4">
        <h2 id="latest-leads-title" className="text-xl font-semibold text-gray-900">
          {t("latestLeads.title")}
        </h2>
        {leads.length > 0 ? (
          <Link
            to="/leads"
            className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium whitespace-nowrap text-gray-700 hover:bg-gray-50"
          >
            {t("latestLeads.viewAll")}
          </Link>
        ) : null}
      </div>
      {leads.length > 0 ? (
        <LeadList leads={leads} label={t("latestLeads.title")} className="mt-4" />
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 p-6 text-center text-gray-600">{t("latestLeads.empty")}</p>
      )}
    </section>
  );
}

/** Always a link: at the campaign limit the campaigns screen answers with the limit. */
function NewCampaignButton() {
  const t = useOwnerT("dashboard");
  return (
    <Link
      to="/campaigns?new=1"
      className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700"
    >
      <Plus aria-hidden="true" className="h-4 w-4" />
      {t("newCampaign")}
    </Link>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("dashboard", ownerLanguageIn(matches))("pageTitle") }];
