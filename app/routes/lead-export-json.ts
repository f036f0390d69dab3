import { exportLeadData } from "~/features/leads/lead-rights.server";
import { notFound } from "~/utils/http.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/lead-export-json";

export async function loader({ request, params }: Route.LoaderArgs) {
  const acting = await requireBusiness(request, ROLES.manage);
  const { db } = await getServices();
  const exported = await exportLeadData(db, {
    userId: acting.businessId,
    isPro: acting.plan.isPro,
    leadId: params.leadId,
    placementIds: acting.placementIds,
  });
  if (!exported) notFound("Lead not found");
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="leadqr-lead-${exported.lead.id}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
