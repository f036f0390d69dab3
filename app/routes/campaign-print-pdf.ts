import { publicOriginOf } from "~/features/domains/domains.server";
import { printOptionsInput } from "~/features/print/print.schema";
import { createPrintPdf, parsePrintOptions } from "~/features/print/print.server";
import { answerDomainErrorAsText, privateDownload } from "~/utils/http.server";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { refusalIn } from "~/features/languages/owner/refusals";
import { requireBusiness, requireCampaignAccess, requirePlacementInScope, ROLES } from "~/features/team/member.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/campaign-print-pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  // Printing is the owner's and a manager's, for the placements at their locations.
  const acting = await requireBusiness(request, ROLES.manage);
  const userId = acting.businessId;
  await requireCampaignAccess(acting, params.campaignId, "read");
  const { db, env } = await getServices();
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  return answerDomainErrorAsText(
    async () => {
      const options = parsePrintOptions(printOptionsInput(new URL(request.url).searchParams));
      requirePlacementInScope(acting, options.placement);
      return privateDownload(
        await createPrintPdf(db, {
          userId,
          campaignId: params.campaignId,
          options,
          appOrigin: await publicOriginOf(db, env, { userId, campaignId: params.campaignId, made: true }),
        }),
      );
    },
    (refused) => refusalIn(refused, language),
  );
}
