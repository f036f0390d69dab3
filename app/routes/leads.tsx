import { Calendar, Download, Lock, Search, TrendingUp, Users } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { EmailText } from "~/components/ui/email-text";
import { StatCard } from "~/components/stat-card";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { Table, TableScroller, TBody, Td, Th, THead } from "~/components/ui/table";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import { parseLeadsQuery } from "~/features/leads/leads.schema";
import { LeadList } from "~/features/leads/lead-list";
import { listLeads } from "~/features/leads/leads.server";
import { ownerT, useOwnerT, type OwnerT, ownerLanguageIn, useOwnerNumbers } from "~/features/languages/owner/owner-language";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import type { Route } from "./+types/leads";

export async function loader({ request }: Route.LoaderArgs) {
  // A manager's leads are those of their locations' placements; viewers read no lead (docs/features/team.md).
  const acting = await requireBusiness(request, ROLES.manage);
  const isPro = acting.plan.isPro;
  const query = parseLeadsQuery(new URL(request.url));
  const { db } = await getServices();
  const result = await listLeads(db, {
    userId: acting.businessId,
    isPro,
    query,
    timeZone: await getTimeZone(request),
    placementIds: acting.placementIds,
  });
  const erased = new URL(request.url).searchParams.get("erased") === "1";
  return { ...result, query: { q: query.q, campaign: query.campaign ?? "", placement: query.placement ?? "" }, isPro, erased };
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Leads({ loaderData }: Route.ComponentProps) {
  const t = useOwnerT("leads");
  const numbers = useOwnerNumbers();
  const { leads, stats, query, erased } = loaderData;
  const isFiltered = Boolean(query.q || query.campaign || query.placement);
  const viewParams = new URLSearchParams();
  if (query.q) viewParams.set("q", query.q);
  if (query.campaign) viewParams.set("campaign", query.campaign);
  if (query.placement) viewParams.set("placement", query.placement);
  const exportHref = `/leads/export.csv${viewParams.size ? `?${viewParams}` : ""}`;

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          // A plain link: the browser downloads the file (Content-Disposition: attachment).
          <a
            href={exportHref}
            download
            className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {t("exportCsv")}
          </a>
        }
      />

      {erased ? (
        <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800">
          {t("erased")}
        </p>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <StatCard title={t("stats.total")} value={numbers.count(stats.total)} icon={Users} color="blue" />
        <StatCard title={t("stats.thisWeek")} value={numbers.count(stats.thisWeek)} icon={TrendingUp} color="green" />
        <StatCard title={t("stats.today")} value={numbers.count(stats.today)} icon={Calendar} color="purple" />
      </div>
      <LeadFilters query={query} campaigns={loaderData.campaigns} placements={loaderData.placements} />
      <LeadsTable leads={leads} isFiltered={isFiltered} />
      <LeadsFooter loaderData={loaderData} viewParams={viewParams} />
    </main>
  );
}

function LeadFilters({ query, campaigns, placements }: Pick<LoaderData, "query" | "campaigns" | "placements">) {
  const t = useOwnerT("leads");
  const navigation = useNavigation();
  const searchAsYouType = useSearchAsYouType();
  const isSearching = navigation.state === "loading" && navigation.location?.pathname === "/leads";
  return (
    <Form method="get" role="search" className="mt-6 flex flex-col gap-3 sm:flex-row" aria-label={t("filters.label")} {...searchAsYouType}>
      {/* Long campaign and placement names must not squeeze the search box or push Apply off a laptop's screen. */}
      <div className="relative flex-1 sm:min-w-48">
        <label htmlFor="lead-search" className="sr-only">
          {t("filters.search")}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" />
        <input
          id="lead-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={100}
          placeholder={t("filters.searchPlaceholder")}
          className="w-full rounded-lg border border-gray-300 py-2 pl-9 pr-3 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500"
        />
      </div>
      <label htmlFor="lead-campaign" className="sr-only">
        {t("filters.campaign")}
      </label>
      <Select id="lead-campaign" name="campaign" defaultValue={query.campaign} key={query.campaign} className="sm:w-56 sm:shrink-0">
        <option value="">{t("filters.allCampaigns")}</option>
        {campaigns.map((campaign) => (
          <option key={campaign.id} value={campaign.id}>
            {campaign.title}
          </option>
        ))}
      </Select>
      {placements.length > 0 || query.placement ? (
        <>
          <label htmlFor="lead-placement" className="sr-only">
            {t("filters.placement")}
          </label>
          <Select
            id="lead-placement"
            name="placement"
            defaultValue={query.placement}
            key={`placement-${query.placement}`}
            className="sm:w-56 sm:shrink-0"
          >
            <option value="">{t("filters.allPlacements")}</option>
            {placements.map((placement) => (
              <option key={placement.id} value={placement.id}>
                {placement.campaign} · {placement.name}
              </option>
            ))}
          </Select>
        </>
      ) : null}
      <Button type="submit" variant="secondary" className="shrink-0">
        {isSearching ? t("filters.searching") : t("filters.apply")}
      </Button>
    </Form>
  );
}

function LeadsTable({ leads, isFiltered }: Pick<LoaderData, "leads"> & { isFiltered: boolean }) {
  const t = useOwnerT("leads");
  const columns = leadColumns(t);
  return (
    <TableScroller label={t("table.label")} framed className="mt-6">
      {leads.length === 0 ? (
        <div className="p-10 text-center">
          <Users aria-hidden="true" className="mx-auto h-10 w-10 text-gray-400" />
          <p className="mt-3 text-lg font-semibold text-gray-900">{isFiltered ? t("table.noMatches") : t("table.empty")}</p>
          <p className="mt-1 text-gray-600">{isFiltered ? t("table.noMatchesHint") : t("table.emptyHint")}</p>
        </div>
      ) : (
        <>
          {/* A phone reads two-line rows; wider screens the table. */}
          <LeadList leads={leads} label={t("list.label")} framed={false} className="sm:hidden" />
          <div className="hidden sm:block">
            <Table>
              <THead>
                {columns.map((column) => (
                  <Th key={column}>{column}</Th>
                ))}
              </THead>
              <TBody labels={columns}>
                {leads.map((lead) => (
                  <tr key={lead.id}>
                    <Td className="font-medium text-gray-900">
                      <span className="flex items-center gap-2">
                        {lead.isMasked ? <Lock role="img" aria-label={t("table.hiddenOnFree")} className="h-4 w-4 text-gray-400" /> : null}
                        <Link to={`/leads/${lead.id}`} className="hover:text-blue-700 hover:underline">
                          {lead.name}
                        </Link>
                      </span>
                    </Td>
                    <Td>
                      {/* Its own block formatting context: on a phone the contact stays beside its label, not under it. */}
                      <div className="flow-root">
                        <div>
                          <EmailText email={lead.email} />
                        </div>
                        {lead.phone ? <div className="text-gray-500">{lead.phone}</div> : null}
                      </div>
                    </Td>
                    <Td>{lead.campaign}</Td>
                    <Td className="whitespace-nowrap">
                      <time dateTime={lead.collectedAtIso}>{lead.collectedAt}</time>
                    </Td>
                    <Td>
                      {lead.placement ?? (
                        <span className="text-gray-400">
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">{t("table.none")}</span>
                        </span>
                      )}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {lead.redeemedAtIso ? <time dateTime={lead.redeemedAtIso}>{lead.redeemedAt}</time> : <span className="text-gray-400">—</span>}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </div>
        </>
      )}
    </TableScroller>
  );
}

function LeadsFooter({ loaderData, viewParams }: { loaderData: LoaderData; viewParams: URLSearchParams }) {
  const t = useOwnerT("leads");
  const { leads, matching, moreMatching, hidden, page, pageCount, isPro } = loaderData;
  const pageHref = (target: number) => {
    const params = new URLSearchParams(viewParams);
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return search ? `/leads?${search}` : "/leads";
  };
  return (
    <div className="mt-4 flex flex-col gap-3 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        {t("footer.showing", { shown: leads.length, total: countLabel(matching, moreMatching) })}
        {!isPro && hidden > 0 ? <span className="text-gray-500">{t("footer.hidden", { hidden })}</span> : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {!isPro && hidden > 0 ? (
          <Link to="/pricing" className="font-semibold text-blue-700 underline hover:text-blue-900">
            {t("footer.unlockAll")}
          </Link>
        ) : null}
        {pageCount > 1 || moreMatching ? (
          <nav aria-label={t("footer.pages")} className="flex items-center gap-2">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} className="rounded-md border border-gray-300 px-3 py-1 hover:bg-gray-50">
                {t("footer.previous")}
              </Link>
            ) : null}
            <span>{t("footer.page", { page, pages: countLabel(pageCount, moreMatching) })}</span>
            {page < pageCount || moreMatching ? (
              <Link to={pageHref(page + 1)} className="rounded-md border border-gray-300 px-3 py-1 hover:bg-gray-50">
                {t("footer.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

const leadColumns = (t: OwnerT<"leads">) =>
  (["lead", "contact", "campaign", "collectedAt", "placement", "redeemedAt"] as const).map((column) => t(`table.columns.${column}`));

/** "10,000+" when a search's count stopped at its cap. */
function countLabel(count: number, isLowerBound: boolean) {
  return `${count.toLocaleString("en-US")}${isLowerBound ? "+" : ""}`;
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("leads", ownerLanguageIn(matches))("pageTitle") }];
