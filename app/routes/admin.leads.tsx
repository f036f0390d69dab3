import { AdminPage, cellClass, EmptyRow, ListFilters, Pagination, Table } from "~/features/admin/admin-ui";
import { readListQuery } from "~/features/admin/admin.schema";
import { listAllLeads } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { formatPostDate } from "~/features/blog/blog";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.leads";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, page } = readListQuery(request, ["all"]);
  const { db } = await getServices();
  const { rows, total } = await listAllLeads(db, { q, page });
  return { q, page, total, leads: rows.map((row) => ({ ...row, collectedAt: row.collectedAt.toISOString() })) };
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { leads, q, page, total } = loaderData;
  return (
    <AdminPage title="All Leads" description="Every lead across all campaigns (read-only).">
      <ListFilters q={q} searchLabel="Search by lead name or email" placeholder="Search leads..." />
      <Table caption="Leads" head={["Lead", "Contact", "Campaign", "Owner", "Collected At"]}>
        {leads.length === 0 ? (
          <EmptyRow colSpan={5}>{q ? "No leads match your filters" : "No leads yet"}</EmptyRow>
        ) : (
          leads.map((lead) => (
            <tr key={lead.id}>
              <td className={`${cellClass} font-medium text-gray-900`}>{lead.name}</td>
              <td className={cellClass}>
                <span className="block">{lead.email}</span>
                {lead.phone ? <span className="block text-xs text-gray-500">{lead.phone}</span> : null}
              </td>
              <td className={cellClass}>{lead.campaignTitle}</td>
              <td className={cellClass}>{lead.ownerEmail}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{formatPostDate(lead.collectedAt)}</td>
            </tr>
          ))
        )}
      </Table>
      <Pagination page={page} total={total} noun="lead" />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "All Leads · LeadQR" }];
