/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { AdminPage, EmptyRow, ListFilters, Pagination, AdminTable } from "~/features/admin/admin-ui";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { readListQuery } from "~/features/admin/admin.schema";
import { listAllCampaigns } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { formatPostDate } from "~/features/blog/blog";
import { CAMPAIGN_STATUS_COLOR } from "~/features/campaigns/campaigns";
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
  return (
    <AdminPage title="All Campaigns" description="Every campaign across all users (read-only).">
      <ListFilters q={q} searchLabel="Search by campaign title or owner email" placeholder="Search campaigns..." />
      <AdminTable caption="Campaigns" head={["Campaign", "Owner", "Status", "Scans", "Leads", "Created"]}>
        {campaigns.length === 0 ? (
          <EmptyRow colSpan={6}>{q ? "No campaigns match your filters" : "No campaigns yet"}</EmptyRow>
        ) : (
          campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <Td>
                <span className="block font-medium text-gray-900">{campaign.title}</span>
                <span className="block text-xs text-gray-500">{campaign.businessType}</span>
              </Td>
              <Td>{campaign.ownerEmail}</Td>
              <Td>
                <Badge color={CAMPAIGN_STATUS_COLOR[campaign.status]}>{campaign.status}</Badge>
              </Td>
              <Td>{campaign.scans}</Td>
              <Td>{campaign.leads}</Td>
              <Td className="whitespace-nowrap">{formatPostDate(campaign.createdAt)}</Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="campaign" />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "All Campaigns · LeadQR" }];
