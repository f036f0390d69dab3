import { requireUser } from "~/features/auth/session.server";
import { exportLeadData } from "~/features/leads/lead-rights.server";
import { notFound } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/lead-export-json";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  const exported = await exportLeadData(db, { userId: user.id, isPro: user.plan.isPro, leadId: params.leadId });
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
