import { requireUser } from "~/features/auth/session.server";
import { publicOriginOf } from "~/features/domains/domains.server";
import { getQrCode, parseQrSize } from "~/features/qr/qr-code.server";
import { answerDomainError, privateDownload } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/campaign-qr-png";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db, env } = await getServices();
  return answerDomainError(async () => {
    const size = parseQrSize(new URL(request.url).searchParams.get("size"));
    return privateDownload(
      await getQrCode(db, {
        userId: user.id,
        campaignId: params.campaignId ?? "",
        format: "png",
        size,
        appOrigin: await publicOriginOf(db, env, { userId: user.id, campaignId: params.campaignId ?? "", made: true }),
      }),
    );
  });
}
