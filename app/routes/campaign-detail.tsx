// Rules: docs/features/counting.md ("Conversion", "The campaign page").
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ArrowLeft, Download, ExternalLink, FileCode, Languages, Pencil, Printer } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { exclusionSentence, refusalSentence, resolveRange } from "~/features/analytics/analytics";
import { CampaignAnalyticsSection } from "~/features/analytics/campaign-analytics-section";
import { countConversion, getCampaignAnalytics } from "~/features/analytics/analytics.server";
import { countScopedCampaignFigures } from "~/features/analytics/scoped-figures.server";
import { publicOriginOf } from "~/features/domains/domains.server";
import { AnalyticsRangeQuerySchema } from "~/features/analytics/analytics.schema";
import {
  isPlacementIntent,
  placementRefusal,
  runPlacementIntent,
  unknownPlacementIntent,
  type PlacementActionData,
} from "~/features/placements/placement-actions.server";
import { listPlacements } from "~/features/placements/placements.server";
import { scansKeptSince } from "~/features/scans/partition-job.server";
import { requireBusiness, requireCampaignAccess, ROLES } from "~/features/team/member.server";
import { locationFilterOf } from "~/features/team/scope.server";
import { getCampaignLocations } from "~/features/team/campaign-locations.server";
import { PRINT_PNG_SIZE, qrPngUrl, qrPrintPngUrl, qrSvgUrl } from "~/features/campaigns/campaign-card";
import { CAMPAIGN_STATUS_COLOR, captureUrl, conversionOf, printPageUrl } from "~/features/campaigns/campaigns";
import { getCampaign } from "~/features/campaigns/campaigns.server";
import { CampaignLivePanel, PostalAddressNotice } from "~/features/campaigns/campaign-live";
import { hasPostalAddress } from "~/features/consent/identity.server";
import { ownerT, useOwnerT, ownerLanguageIn, useOwnerLanguage } from "~/features/languages/owner/owner-language";
import { businessTypeLabel, scanUsageIn } from "~/features/campaigns/campaign-words";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { calendarDay } from "~/features/leads/leads";
import { RedeemFunnel } from "~/features/analytics/funnel";
import { answerDomainError, formFields, notFound, readForm } from "~/utils/http.server";
import { readerDb } from "~/utils/reader.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PublicAddressNotice } from "~/features/campaigns/public-address-notice";
import { publicAddressVerdict } from "~/utils/public-address";
import type { Route } from "./+types/campaign-detail";

export async function loader({ request, params }: Route.LoaderArgs) {
  // Managers and viewers read a campaign with a placement at their locations, with its figures
  // over those placements only (docs/features/team.md).
  const acting = await requireBusiness(request, ROLES.read);
  const { businessId } = acting;
  const access = await requireCampaignAccess(acting, params.campaignId, "read");
  const { db, env } = await getServices();
  const campaign = await getCampaign(db, { userId: businessId, campaignId: params.campaignId });
  if (!campaign) notFound("Campaign not found");
  const url = new URL(request.url);
  const timeZone = await getTimeZone(request);
  const today = calendarDay(new Date(), timeZone);
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  const range = resolveRange(
    AnalyticsRangeQuerySchema.parse({
      range: url.searchParams.get("range") ?? undefined,
      from: url.searchParams.get("from") || undefined,
      to: url.searchParams.get("to") || undefined,
    }),
    today,
    language,
  );
  // The location filter (`?location=<id>`) narrows to one location's placements, never past the member's own.
  const filter = await locationFilterOf(db, acting, url.searchParams.get("location"));
  const { placementIds } = filter;
  // The figures from the read replica (unless this browser has just written); the campaign and its
  // placements, which this page's own forms change, from the primary.
  const figures = await readerDb({ request });
  const [analytics, postalAddressSet, allTime, publicOrigin, placed, scoped, limits] = await Promise.all([
    getCampaignAnalytics(figures, { userId: businessId, campaignId: campaign.id, timeZone, range, placementIds, reach: acting.placementIds }),
    hasPostalAddress(db, { userId: businessId }),
    countConversion(figures, campaign.id),
    publicOriginOf(db, env, { userId: businessId, campaignId: campaign.id }),
    listPlacements(db, { userId: businessId, campaignId: campaign.id }),
    placementIds === null ? null : countScopedCampaignFigures(db, { campaignIds: [campaign.id], placementIds }),
    getCampaignLocations(db, { businessId, campaignId: campaign.id }),
  ]);
  if (!analytics) notFound("Campaign not found");
  // A member's funnel counts their placements only: the kept counts hold every location.
  const mine = scoped ? (scoped.get(campaign.id) ?? { scans: 0, leads: 0, visitors: 0, converted: 0, redeemed: 0 }) : null;
  return {
    scansKeptSince: scansKeptSince(env.SCAN_RETENTION_MONTHS),
    campaign: {
      id: campaign.id,
      title: campaign.title,
      businessType: campaign.businessType,
      status: campaign.status,
      discount: campaign.discount,
      minOrder: campaign.minOrder,
      aiHeadline: campaign.aiHeadline,
      aiThankyou: campaign.aiThankyou,
      scans: mine ? mine.scans : campaign.scans,
      leads: mine ? mine.leads : campaign.leads,
      redeemed: mine ? mine.redeemed : campaign.redeemed,
      createdAt: campaign.createdAt.toISOString(),
    },
    // The one conversion: unique visitors who became leads ÷ unique visitors, all time.
    conversion: mine ? conversionOf(mine.converted, mine.visitors) : allTime.conversion,
    captureUrl: captureUrl(publicOrigin, campaign.id),
    address: publicAddressVerdict(publicOrigin),
    isPro: acting.plan.isPro,
    /** What the page offers to change: everything (owner), placements at their locations (manager), nothing (viewer). */
    role: acting.role,
    /** Edit and Languages: the owner's, and a manager's for a campaign wholly at their locations. */
    canEdit: acting.role !== "viewer" && access === "write",
    timeZone,
    today,
    range,
    analytics,
    /** Seconds since the rollup job last ran ("Rollups"); null before its first run, when every figure is counted live. */
    rolledSecondsAgo: analytics.rolledAt ? Math.max(0, Math.round((Date.now() - Date.parse(analytics.rolledAt)) / 1000)) : null,
    /** The owner's locations, for the placement forms; which one each placement belongs to. */
    locations: filter.locations,
    /** The location the figures are filtered to (null: every location the user may see). */
    location: filter.selected,
    placementLocations: Object.fromEntries(placed.map((row) => [row.id, row.locationId])),
    /** A limited campaign's placements go only to its locations ("Campaigns limited to locations"). */
    pickableLocations: limits?.limited
      ? filter.locations.filter((place) => limits.locations.some((limit) => limit.id === place.id))
      : filter.locations,
    exclusionSummary: exclusionSentence(analytics.totals.scans, analytics.exclusions, language),
    /** Just launched (the wizard's redirect): the page opens with the next steps. */
    justLaunched: url.searchParams.get("live") === "1" && campaign.status === "active",
    // The notice asks for the business's address in Settings, which only the owner can reach.
    postalAddressSet: acting.role !== "owner" || postalAddressSet,
    refusalSummary: refusalSentence(analytics.refusals, language),
  };
}

/** Each placement form posts its own intent; the feature parses and does it, the page goes back to its table. */
export async function action({ request, params }: Route.ActionArgs) {
  // Placements: the owner's, or a manager's at their locations (checked in runPlacementIntent).
  const acting = await requireBusiness(request, ROLES.manage);
  await requireCampaignAccess(acting, params.campaignId, "read");
  const { db } = await getServices();
  const campaign = await getCampaign(db, { userId: acting.businessId, campaignId: params.campaignId });
  if (!campaign) notFound("Campaign not found");
  const member =
    acting.locationIds === null || acting.placementIds === null ? undefined : { locationIds: acting.locationIds, placementIds: acting.placementIds };
  const fields = formFields(await readForm(request));
  const intent = fields.intent;
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  if (!isPlacementIntent(intent)) return data(unknownPlacementIntent(fields, language), { status: 400 });
  return answerDomainError(
    async () =>
      (await runPlacementIntent(intent, { db, userId: acting.businessId, campaignId: campaign.id, fields, member, language })) ??
      backToPlacements(request),
    (refused): PlacementActionData => placementRefusal(fields, refused, language),
  );
}

/** Success goes back to the page (same range) at the placements table. */
function backToPlacements(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return redirect(`${url.pathname}${url.search}#placements`);
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function CampaignDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("campaignPage");
  const { campaign } = loaderData;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:text-blue-700">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </Link>
      <CampaignHeading campaign={campaign} canEdit={loaderData.canEdit} />
      {loaderData.justLaunched ? (
        <CampaignLivePanel campaignId={campaign.id} captureUrl={loaderData.captureUrl} title={campaign.title} address={loaderData.address} />
      ) : null}
      {loaderData.postalAddressSet ? null : <PostalAddressNotice />}

      {/* One set of numbers, the code and Print first; the analysis follows below. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        <FunnelSection campaign={campaign} conversion={loaderData.conversion} isPro={loaderData.isPro} />
        {/* The live panel, when shown, already carries the address warning: the page says it once. */}
        <QrCodeSection
          campaign={campaign}
          captureUrl={loaderData.captureUrl}
          address={loaderData.justLaunched ? null : loaderData.address}
          canPrint={loaderData.role !== "viewer"}
        />
        <OfferCopySection campaign={campaign} />
      </div>
      <CampaignAnalyticsSection loaderData={loaderData} actionData={actionData} />
    </main>
  );
}

function CampaignHeading({ campaign, canEdit }: Pick<LoaderData, "campaign"> & { canEdit: boolean }) {
  const t = useOwnerT("campaignPage");
  const campaigns = useOwnerT("campaigns");
  const sentences = useOwnerT("campaignSentences");
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{campaign.title}</h1>
        <p className="mt-1 text-gray-600">
          {businessTypeLabel(sentences, campaign.businessType)} ·{" "}
          <Badge color={CAMPAIGN_STATUS_COLOR[campaign.status]}>{campaigns(`card.status.${campaign.status}`)}</Badge>
        </p>
      </div>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Link to={`/campaigns/${campaign.id}/languages`} className={buttonClass({ variant: "secondary", size: "md" })}>
            <Languages aria-hidden className="h-4 w-4" /> {t("languages")}
          </Link>
          <Link to={`/campaigns?edit=${campaign.id}`} className={buttonClass({ variant: "secondary", size: "md" })}>
            <Pencil aria-hidden className="h-4 w-4" /> {t("edit")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function FunnelSection({ campaign, conversion, isPro }: Pick<LoaderData, "campaign" | "conversion" | "isPro">) {
  const t = useOwnerT("campaignPage");
  const language = useOwnerLanguage();
  return (
    <section aria-labelledby="funnel-heading" className={cardClass({ padding: "md", className: "space-y-3 lg:col-start-1 lg:row-start-1" })}>
      <h2 id="funnel-heading" className="text-lg font-semibold text-gray-900">
        {t("funnel.title")}
      </h2>
      <RedeemFunnel
        scans={campaign.scans}
        leads={campaign.leads}
        redeemed={campaign.redeemed}
        scansLabel={scanUsageIn(language, campaign.scans, { isPro })}
        leadRate={conversion}
      />
      <p className="text-xs text-gray-500">{t("funnel.note")}</p>
    </section>
  );
}

function QrCodeSection({
  campaign,
  captureUrl,
  address,
  canPrint,
}: Pick<LoaderData, "campaign" | "captureUrl"> & { address: LoaderData["address"] | null; canPrint: boolean }) {
  const t = useOwnerT("campaignPage");
  return (
    <section
      aria-labelledby="qr-heading"
      className={cardClass({ padding: "md", className: "flex flex-col items-center gap-3 lg:col-start-2 lg:row-span-2 lg:row-start-1" })}
    >
      <h2 id="qr-heading" className="self-start text-lg font-semibold text-gray-900">
        {t("qr.title")}
      </h2>
      <img src={qrPngUrl(campaign.id)} width={300} height={300} alt={t("qr.alt", { campaign: campaign.title })} className="h-60 w-60" />
      {canPrint ? (
        <Link to={printPageUrl(campaign.id)} className={buttonClass({ size: "md", className: "w-full" })}>
          <Printer aria-hidden className="h-4 w-4" /> {t("qr.print")}
        </Link>
      ) : null}
      <p className="text-center text-xs text-gray-500">{t("qr.explanation")}</p>
      <p className="text-center text-xs break-all text-gray-500">{captureUrl}</p>
      {address ? <PublicAddressNotice verdict={address} /> : null}
      <div className="flex flex-wrap justify-center gap-2">
        <a href={qrPngUrl(campaign.id)} download className={buttonClass({ variant: "secondary", size: "sm" })}>
          <Download aria-hidden className="h-4 w-4" /> {t("qr.downloadPng")}
        </a>
        <a href={qrSvgUrl(campaign.id)} download className={buttonClass({ variant: "secondary", size: "sm" })}>
          <FileCode aria-hidden className="h-4 w-4" /> {t("qr.downloadSvg")}
        </a>
        <a href={qrPrintPngUrl(campaign.id)} download className={buttonClass({ variant: "secondary", size: "sm" })}>
          <Download aria-hidden className="h-4 w-4" /> {t("qr.printPng", { size: PRINT_PNG_SIZE })}
        </a>
        <a href={`/capture/${campaign.id}`} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", size: "sm" })}>
          <ExternalLink aria-hidden className="h-4 w-4" /> {t("qr.viewPage")}
        </a>
      </div>
    </section>
  );
}

function OfferCopySection({ campaign }: Pick<LoaderData, "campaign">) {
  const t = useOwnerT("campaignPage");
  return (
    <section aria-labelledby="copy-heading" className={cardClass({ padding: "md", className: "space-y-4 lg:col-start-1 lg:row-start-2" })}>
      <h2 id="copy-heading" className="text-lg font-semibold text-gray-900">
        {t("copy.title")}
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Row label={t("copy.offer")} value={campaign.discount} />
        <Row label={t("copy.condition")} value={campaign.minOrder} />
        <Row label={t("copy.headline")} value={campaign.aiHeadline} />
        <Row label={t("copy.thankYou")} value={campaign.aiThankyou} />
        <Row label={t("copy.created")} value={new Date(campaign.createdAt).toLocaleDateString("en-US", { dateStyle: "long" })} />
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="break-words whitespace-pre-line text-gray-900">{value}</dd>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = ownerT("campaignPage", ownerLanguageIn(matches));
  return [{ title: t("pageTitle", { campaign: data?.campaign.title ?? t("fallbackTitle") }) }];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("campaignPage");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      unexpectedErrorHandler={{ title: t("failed.title"), message: t("failed.message") }}
      back={{ to: "/campaigns", label: t("back") }}
    />
  );
}
