import { Readable } from "node:stream";
import { csvFileName } from "~/features/leads/leads";
import { parseLeadsQuery } from "~/features/leads/leads.schema";
import { streamLeadsCsv } from "~/features/leads/leads-csv.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import { readerDb } from "~/utils/reader.server";
import { getTimeZone } from "~/utils/time-zone.server";
import type { Route } from "./+types/leads-export";

export async function loader({ request }: Route.LoaderArgs) {
  const acting = await requireBusiness(request, ROLES.manage);
  const { q, campaign, placement } = parseLeadsQuery(new URL(request.url));
  const timeZone = await getTimeZone(request);
  const db = await readerDb({ request });
  const csv = await streamLeadsCsv(db, {
    userId: acting.businessId,
    isPro: acting.plan.isPro,
    query: { q, campaign, placement },
    placementIds: acting.placementIds,
  });
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(new Date(), timeZone)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
