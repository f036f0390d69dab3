import { AdminPage, EmptyRow, ListFilters, Pagination, AdminTable } from "~/features/admin/admin-ui";
import { Td } from "~/components/ui/table";
import { readListQuery } from "~/features/admin/admin.schema";
import { listAllLeads } from "~/features/admin/admin.server";
import { requireAdmin } from "~/features/auth/session.server";
import { ownerLanguageIn, ownerT, useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
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
  const t = useOwnerT("admin");
  const dates = useOwnerDates();
  const columns = (["lead", "contact", "campaign", "owner", "collectedAt"] as const).map((column) => t(`leads.columns.${column}`));
  return (
    <AdminPage title={t("leads.title")} description={t("leads.description")}>
      <ListFilters q={q} searchLabel={t("leads.search")} placeholder={t("leads.placeholder")} />
      <AdminTable caption={t("leads.caption")} head={columns}>
        {leads.length === 0 ? (
          <EmptyRow colSpan={5}>{q ? t("leads.noMatches") : t("leads.empty")}</EmptyRow>
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
              <Td className="whitespace-nowrap">{dates.day(lead.collectedAt)}</Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} counted={t("leads.count", { count: total })} />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("admin", ownerLanguageIn(matches))("leads.pageTitle") }];
