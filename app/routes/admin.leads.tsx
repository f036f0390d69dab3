/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { AdminPage, EmptyRow, ListFilters, Pagination, AdminTable } from "~/features/admin/admin-ui";
import { Td } from "~/components/ui/table";
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
      <ListFilters q={q} searchLabel="Search by lead name, email or phone" placeholder="Search leads..." />
      <AdminTable caption="Leads" head={["Lead", "Contact", "Campaign", "Owner", "Collected At"]}>
        {leads.length === 0 ? (
          <EmptyRow colSpan={5}>{q ? "No leads match your filters" : "No leads yet"}</EmptyRow>
        ) : (
          leads.map((lead) => (
            <tr key={lead.id}>
              <Td className="font-medium text-gray-900">{lead.name}</Td>
              <Td>
                <span className="block">{lead.email}</span>
                {lead.phone ? <span className="block text-xs text-gray-500">{lead.phone}</span> : null}
              </Td>
              <Td>{lead.campaignTitle}</Td>
              <Td>{lead.ownerEmail}</Td>
              <Td className="whitespace-nowrap">{formatPostDate(lead.collectedAt)}</Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="lead" />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "All Leads · LeadQR" }];
