// Rules: docs/features/accounts-and-billing.md ("The free campaign limit").
import { buttonClass } from "~/components/ui/button";
import { Activity, Megaphone, Plus, QrCode, Search, Users } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { PageHeader } from "~/components/page-header";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { requireBusiness, requireCampaignAccess, ROLE_REFUSED, ROLES } from "~/features/team/member.server";
import { listCampaignsInScope } from "~/features/analytics/scoped-figures.server";
import { canCreateCampaign } from "~/features/billing/plan";
import {
  echoCampaignFields,
  postedLocations,
  saveCampaign,
  translationErrorsOf,
  wizardTranslations,
} from "~/features/campaigns/campaign-actions.server";
import { canTranslateWithAi } from "~/features/ai/translate-copy.server";
import { cleanTranslations } from "~/features/campaigns/copy-translations";
import { CampaignCard, cardActionsOf } from "~/features/campaigns/campaign-card";
import { CampaignLimitBanner } from "~/features/campaigns/campaign-limit-banner";
import { CampaignWizard, type WizardServerResult } from "~/features/campaigns/campaign-wizard";
import { CampaignPreview } from "~/features/capture/campaign-preview";
import { CampaignFiltersSchema, CampaignInputSchema } from "~/features/campaigns/campaigns.schema";
import { deleteCampaign, getCampaign, summarizeCampaigns, toggleCampaignStatus } from "~/features/campaigns/campaigns.server";
import { BusinessSchema } from "~/features/account/account.schema";
import { getBusinessName, updateBusinessName } from "~/features/account/account.server";
import { liveCampaignPath } from "~/features/campaigns/campaign-live";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { refusalIn } from "~/features/languages/owner/refusals";
import type { Language } from "~/features/languages/languages";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { OfferRuleSchema } from "~/features/redeem/offer";
import { getOfferRule } from "~/features/redeem/offer-codes.server";
import { isDomainError, type DomainError } from "~/utils/domain-error";
import { domainErrorData, forbidden, formFields, notFound, readForm, submit, withRefusalHeaders } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { getCampaignLocations, listCampaignLocations } from "~/features/team/campaign-locations.server";
import { listLocations } from "~/features/team/locations.server";
import type { LocationsChoice } from "~/features/campaigns/campaign-locations-field";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Database } from "~/db/client.server";
import type { Route } from "./+types/campaigns";

export async function loader({ request }: Route.LoaderArgs) {
  // Viewers read the list; managers edit the campaigns wholly at their locations; only the owner
  // creates and deletes (docs/features/team.md, "What each role sees").
  const acting = await requireBusiness(request, ROLES.read);
  const { businessId, placementIds, role } = acting;
  const { db } = await getServices();
  const url = new URL(request.url);
  const filters = CampaignFiltersSchema.parse({ q: url.searchParams.get("q") ?? "", status: url.searchParams.get("status") ?? "all" });
  const campaigns = await listCampaignsInScope(db, { userId: businessId, filters, placementIds, locationIds: acting.locationIds });
  // A limited campaign's card names its locations (docs/features/team.md, "Campaigns limited to locations").
  const limits = await listCampaignLocations(db, { campaignIds: campaigns.map((row) => row.id) });
  const summary =
    placementIds === null
      ? await summarizeCampaigns(db, { userId: businessId })
      : summaryOf(await listCampaignsInScope(db, { userId: businessId, placementIds }));
  const isPro = acting.plan.isPro;
  const canCreate = role === "owner" && canCreateCampaign(acting.plan, summary.total);

  const editId = url.searchParams.get("edit");
  let offerRule: Awaited<ReturnType<typeof getOfferRule>> | undefined;
  let wizard: { mode: "create" } | { mode: "edit"; campaign: NonNullable<Awaited<ReturnType<typeof getCampaign>>> } | null = null;
  if (editId !== null) {
    if (role === "viewer") forbidden(ROLE_REFUSED);
    await requireCampaignAccess(acting, editId, "write");
    const campaign = await getCampaign(db, { userId: businessId, campaignId: editId });
    if (!campaign) notFound("Campaign not found");
    wizard = { mode: "edit", campaign };
    offerRule = await getOfferRule(db, { userId: businessId, campaignId: campaign.id });
  } else if (url.searchParams.get("new") === "1" && canCreate) {
    wizard = { mode: "create" };
  }

  return {
    campaigns,
    locationLimits: Object.fromEntries(limits),
    summary,
    filters,
    isPro,
    canCreate,
    /** A free owner at the limit asked for a new campaign: the limit is what they need to see. */
    askedForNew: role === "owner" && url.searchParams.get("new") === "1" && !canCreate,
    role,
    businessName: wizard ? await getBusinessName(db, { userId: businessId }) : "",
    ai: wizard ? canTranslateWithAi() : false,
    // Where it runs is the owner's choice; a manager's wizard leaves it as it is.
    locationsChoice:
      wizard && role === "owner" ? await locationsChoiceOf(db, businessId, wizard.mode === "edit" ? wizard.campaign.id : null) : undefined,
    wizard:
      wizard && wizard.mode === "edit"
        ? {
            mode: "edit" as const,
            campaign: {
              id: wizard.campaign.id,
              title: wizard.campaign.title,
              businessType: wizard.campaign.businessType,
              discount: wizard.campaign.discount,
              minOrder: wizard.campaign.minOrder,
              aiHeadline: wizard.campaign.aiHeadline,
              aiThankyou: wizard.campaign.aiThankyou,
              qrLogoUrl: wizard.campaign.qrLogoUrl,
              design: wizard.campaign.design,
              consentMode: wizard.campaign.consentMode,
              offerRequiresConsent: wizard.campaign.offerRequiresConsent,
              language: wizard.campaign.language,
              translations: cleanTranslations(wizard.campaign.copyTranslations),
              offerRule,
            },
          }
        : wizard,
  };
}

/**
 * Create, update, toggle, delete: each scoped to the business. Create and delete are the owner's;
 * a manager updates and pauses only a campaign wholly at their locations (docs/features/team.md).
 */
export async function action({ request }: Route.ActionArgs) {
  const acting = await requireBusiness(request, ROLES.manage);
  const { db } = await getServices();
  const form = await readForm(request);
  const fields = formFields(form);
  const userId = acting.businessId;
  const isOwner = acting.role === "owner";
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  const t = ownerT("refusals", language);
  if (!isOwner) {
    if (fields.intent === "create" || fields.intent === "delete") forbidden(ROLE_REFUSED);
    if (fields.intent === "update" || fields.intent === "toggle") await requireCampaignAccess(acting, fields.campaignId ?? "", "write");
  }

  switch (fields.intent) {
    case "create":
    case "update": {
      const parsed = submit(CampaignInputSchema, fields);
      const timeZone = await getTimeZone(request);
      const rule = submit(OfferRuleSchema, { ...fields, offerTimeZone: timeZone });
      // The wizard asks for the business name too (older forms do not post it: then it is left as it is).
      // The business's name is the owner's: a manager's wizard leaves it as it is.
      const business = fields.businessName === undefined || !isOwner ? null : submit(BusinessSchema, fields);
      const translations = wizardTranslations(fields);
      // Where the campaign runs is the owner's to say: a manager's post leaves it as it is.
      const locations = isOwner ? postedLocations(form, language) : ({ ok: true, value: undefined } as const);
      if (!parsed.ok || !rule.ok || (business && !business.ok) || (translations && !translations.ok) || !locations.ok) {
        const fieldErrors = {
          ...(parsed.ok ? {} : parsed.fieldErrors),
          ...(rule.ok ? {} : rule.fieldErrors),
          ...(business && !business.ok ? business.fieldErrors : {}),
          ...translationErrorsOf(translations),
          ...(locations.ok ? {} : { locations: locations.error }),
        };
        return data({ fieldErrors, values: echoCampaignFields(fields), result: parsed.ok ? undefined : parsed.result }, { status: 400 });
      }
      let saved: { campaignId: string } | null;
      try {
        saved = await saveCampaign(db, {
          userId,
          isPro: acting.plan.isPro,
          campaignId: fields.intent === "create" ? undefined : (fields.campaignId ?? ""),
          input: parsed.value,
          rule: rule.value,
          translations: translations?.ok ? translations.value : undefined,
          locationIds: locations.value,
        });
      } catch (error) {
        if (isDomainError(error)) return domainErrorData(error, (refused) => saveRefusal(refused, language));
        logger.error({ err: error }, "campaign save failed");
        return data({ formError: t("answers.campaignSaveFailed") }, { status: 500 });
      }
      if (!saved) notFound();
      if (business?.ok) await updateBusinessName(db, { userId, name: business.value.businessName, timeZone });
      // A new campaign opens on its own page, which says it is live and what to do next.
      throw redirect(fields.intent === "create" ? liveCampaignPath(saved.campaignId) : "/campaigns");
    }
    // The card posts these from any page: a stale card (double click, another tab) gets a message
    // on the card, not an error page. Another owner's campaign looks the same: it does not exist.
    case "toggle": {
      const status = await toggleCampaignStatus(db, { userId, campaignId: fields.campaignId ?? "" });
      if (!status) return data({ formError: t("answers.campaignGone") }, { status: 404 });
      return { ok: true as const, intent: "toggle" as const, status };
    }
    case "delete": {
      if (!(await deleteCampaign(db, { userId, campaignId: fields.campaignId ?? "" })))
        return data({ formError: t("answers.campaignGone") }, { status: 404 });
      return { ok: true as const, intent: "delete" as const };
    }
    default:
      return data({ formError: t("answers.unknownActionDot") }, { status: 400 });
  }
}

/** A refused save, next to the field it is about, in the member's language. */
function saveRefusal(refused: DomainError, language: Language) {
  const reason = refusalIn(refused, language);
  if (refused.code === "logo_not_found") return { fieldErrors: { qrLogoUrl: reason } };
  if (refused.code === "campaign_locations_in_use" || refused.code === "not_found") return { fieldErrors: { locations: reason } };
  return { formError: ownerT("refusals", language)("campaigns.saveFailed", { reason }) };
}

export const headers = withRefusalHeaders();

export default function CampaignsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, locationLimits, summary, filters, isPro, canCreate, askedForNew, wizard, businessName, ai, role, locationsChoice } = loaderData;
  const isOwner = role === "owner";
  const t = useOwnerT("campaigns");
  const searchAsYouType = useSearchAsYouType();
  const closeTo = `/campaigns${filterQuery(filters)}`;

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          // Always a way forward: at the limit it shows the limit and the upgrade. Creating is the owner's.
          isOwner ? (
            <Link
              to="/campaigns?new=1"
              preventScrollReset
              className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
            >
              <Plus aria-hidden className="h-4 w-4" />
              {t("newCampaign")}
            </Link>
          ) : undefined
        }
      />

      {isOwner && !canCreate ? <CampaignLimitBanner tone={askedForNew ? "alert" : "calm"} /> : null}

      {wizard ? (
        <CampaignWizard
          key={wizard.mode === "edit" ? wizard.campaign.id : "new"}
          mode={wizard.mode}
          businessName={businessName}
          preview={(values, translations) => <CampaignPreview values={values} businessName={values.businessName} translations={translations} />}
          campaign={wizard.mode === "edit" ? wizard.campaign : undefined}
          closeTo={closeTo}
          ai={ai}
          locationsChoice={locationsChoice}
          namesBusiness={isOwner}
          serverResult={actionData as WizardServerResult | undefined}
        />
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryTile label={t("summary.total")} value={summary.total} icon={<Megaphone aria-hidden className="h-5 w-5 text-blue-600" />} />
        <SummaryTile label={t("summary.active")} value={summary.active} icon={<Activity aria-hidden className="h-5 w-5 text-green-600" />} />
        <SummaryTile label={t("summary.scans")} value={summary.scans} icon={<QrCode aria-hidden className="h-5 w-5 text-purple-600" />} />
        <SummaryTile label={t("summary.leads")} value={summary.leads} icon={<Users aria-hidden className="h-5 w-5 text-orange-600" />} />
      </dl>

      <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row" {...searchAsYouType}>
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 h-5 w-5 text-gray-400" />
          <label htmlFor="campaign-search" className="sr-only">
            {t("filters.search")}
          </label>
          <input
            id="campaign-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            placeholder={t("filters.searchPlaceholder")}
            className="block w-full rounded-lg border border-gray-300 py-2 pr-3 pl-10 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
          />
        </div>
        <label htmlFor="campaign-status" className="sr-only">
          {t("filters.status")}
        </label>
        <select
          id="campaign-status"
          name="status"
          defaultValue={filters.status}
          className="rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none"
        >
          <option value="all">{t("filters.all")}</option>
          <option value="active">{t("filters.active")}</option>
          <option value="paused">{t("filters.paused")}</option>
          <option value="draft">{t("filters.draft")}</option>
        </select>
        <button type="submit" className={buttonClass({ variant: "secondary", size: "md" })}>
          {t("filters.submit")}
        </button>
      </Form>

      {summary.total === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <QrCode aria-hidden className="mx-auto h-10 w-10 text-gray-400" />
          <h2 className="mt-3 text-lg font-semibold text-gray-900">{t("empty")}</h2>
          <p className="mt-1 text-gray-600">{isOwner ? t("emptyHint") : t("emptyHintMember")}</p>
          {canCreate ? (
            <Link
              to="/campaigns?new=1"
              preventScrollReset
              className="mt-4 inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
            >
              <Plus aria-hidden className="h-4 w-4" />
              {t("createFirst")}
            </Link>
          ) : null}
        </div>
      ) : campaigns.length === 0 ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <h2 className="text-lg font-semibold text-gray-900">{t("noMatches")}</h2>
          <p className="mt-1 text-gray-600">{t("noMatchesHint")}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <CampaignCard
                campaign={campaign}
                isPro={isPro}
                deleteConfirmation={t("deleteConfirmation")}
                actions={cardActionsOf(role, campaign.shared)}
                locations={locationLimits[campaign.id]}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function filterQuery(filters: { q: string; status: string }) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status !== "all") params.set("status", filters.status);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function SummaryTile({ label, value, icon }: { label: string; value: number; icon: React.ReactNode }) {
  return (
    // A <dl> group holds only <dt>/<dd>: the icon sits inside the term, placed at the tile's edge.
    <div className="relative rounded-xl border border-gray-200 bg-white p-4 pr-12 shadow-sm">
      <dt className="text-sm text-gray-500">
        {label}
        <span className="absolute top-1/2 right-4 -translate-y-1/2">{icon}</span>
      </dt>
      <dd className="text-2xl font-bold text-gray-900">{value}</dd>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("campaigns", ownerLanguageIn(matches))("pageTitle") }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("campaigns");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      unexpectedErrorHandler={{ title: t("failed.title"), message: t("failed.message") }}
      back={{ to: "/campaigns", label: t("back") }}
    />
  );
}

/** The summary strip over a member's campaigns, from the figures of their placements. */
function summaryOf(campaigns: Array<{ status: string; scans: number; leads: number }>) {
  return {
    total: campaigns.length,
    active: campaigns.filter((row) => row.status === "active").length,
    scans: campaigns.reduce((total, row) => total + row.scans, 0),
    leads: campaigns.reduce((total, row) => total + row.leads, 0),
  };
}

/** The business's locations and the campaign's limits (a new campaign runs at all locations). */
async function locationsChoiceOf(db: Database, businessId: string, campaignId: string | null): Promise<LocationsChoice> {
  const [locations, limits] = await Promise.all([
    listLocations(db, { businessId }),
    campaignId ? getCampaignLocations(db, { businessId, campaignId }) : null,
  ]);
  return {
    locations: locations.map((place) => ({ id: place.id, name: place.name })),
    chosen: limits?.limited ? limits.locations.map((place) => place.id) : null,
  };
}
