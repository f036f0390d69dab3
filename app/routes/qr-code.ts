// A campaign's or a placement's QR code as PNG or SVG: one module, mounted in routes.ts for each
// of the four addresses; the address's extension names the format.
import { publicOriginOf } from "~/features/domains/domains.server";
import { getQrCode, parseQrSize } from "~/features/qr/qr-code.server";
import { answerDomainErrorAsText, privateDownload } from "~/utils/http.server";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { refusalIn } from "~/features/languages/owner/refusals";
import { requireBusiness, requireCampaignAccess, requirePlacementInScope, ROLES } from "~/features/team/member.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/qr-code";

export async function loader({ request, params }: Route.LoaderArgs) {
  // The image of a code a signed-in role may read: a member's campaign, a member's placement.
  const acting = await requireBusiness(request, ROLES.read);
  const userId = acting.businessId;
  const { db, env } = await getServices();
  const url = new URL(request.url);
  const campaignId = params.campaignId ?? "";
  const placementId = "placementId" in params ? (params.placementId ?? "") : undefined;
  await requireCampaignAccess(acting, campaignId, "read");
  requirePlacementInScope(acting, placementId);
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  return answerDomainErrorAsText(
    async () => {
      const size = parseQrSize(url.searchParams.get("size"));
      return privateDownload(
        await getQrCode(db, {
          userId,
          campaignId,
          ...(placementId === undefined ? {} : { placementId }),
          format: url.pathname.toLowerCase().endsWith(".svg") ? "svg" : "png",
          size,
          appOrigin: await publicOriginOf(db, env, { userId, campaignId, made: true }),
        }),
      );
    },
    (refused) => refusalIn(refused, language),
  );
}
