// A campaign's or a placement's QR code as PNG or SVG: one module, mounted in routes.ts for each
// of the four addresses; the address's extension names the format.
import { requireUser } from "~/features/auth/session.server";
import { publicOriginOf } from "~/features/domains/domains.server";
import { getQrCode, parseQrSize } from "~/features/qr/qr-code.server";
import { answerDomainError, privateDownload } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/qr-code";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db, env } = await getServices();
  const url = new URL(request.url);
  const campaignId = params.campaignId ?? "";
  const placementId = "placementId" in params ? (params.placementId ?? "") : undefined;
  return answerDomainError(async () => {
    const size = parseQrSize(url.searchParams.get("size"));
    return privateDownload(
      await getQrCode(db, {
        userId: user.id,
        campaignId,
        ...(placementId === undefined ? {} : { placementId }),
        format: url.pathname.toLowerCase().endsWith(".svg") ? "svg" : "png",
        size,
        appOrigin: await publicOriginOf(db, env, { userId: user.id, campaignId, made: true }),
      }),
    );
  });
}
