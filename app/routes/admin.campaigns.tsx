import { AdminPage, EmptyRow, ListFilters, Pagination, AdminTable } from "~/features/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { readListQuery } from "~/features/admin/admin.schema";
import { listAllCampaigns } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { CAMPAIGN_STATUS_COLOR } from "~/features/campaigns/campaigns";
import { ownerLanguageIn, ownerT, useOwnerDates, useOwnerNumbers, useOwnerT } from "~/features/languages/owner/owner-language";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.campaigns";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, page } = readListQuery(request, ["all"]);
  const { db } = await getServices();
  const { rows, total } = await listAllCampaigns(db, { q, page });
  return { q, page, total, campaigns: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, q, page, total } = loaderData;
  const t = useOwnerT("admin");
  const dates = useOwnerDates();
  const numbers = useOwnerNumbers();
  const columns = (["campaign", "owner", "status", "scans", "leads", "created"] as const).map((column) => t(`campaigns.columns.${column}`));
  return (
    <AdminPage title={t("campaigns.title")} description={t("campaigns.description")}>
      <ListFilters q={q} searchLabel={t("campaigns.search")} placeholder={t("campaigns.placeholder")} />
      <AdminTable caption={t("campaigns.caption")} head={columns}>
        {campaigns.length === 0 ? (
          <EmptyRow colSpan={6}>{q ? t("campaigns.noMatches") : t("campaigns.empty")}</EmptyRow>
        ) : (
          campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <Td>
                <span className="block font-medium text-gray-900">{campaign.title}</span>
                <span className="block text-xs text-gray-500">{campaign.businessType}</span>
              </Td>
              <Td>{campaign.ownerEmail}</Td>
              <Td>
                <Badge color={CAMPAIGN_STATUS_COLOR[campaign.status]}>{t(`campaigns.status.${campaign.status}`)}</Badge>
              </Td>
              <Td>{numbers.count(campaign.scans)}</Td>
              <Td>{numbers.count(campaign.leads)}</Td>
              <Td className="whitespace-nowrap">{dates.day(campaign.createdAt)}</Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} counted={t("campaigns.count", { count: total })} />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("admin", ownerLanguageIn(matches))("campaigns.pageTitle") }];
