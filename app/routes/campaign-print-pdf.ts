import { requireUser } from "~/features/auth/session.server";
import { publicOriginOf } from "~/features/domains/domains.server";
import { printOptionsInput } from "~/features/print/print.schema";
import { createPrintPdf, parsePrintOptions } from "~/features/print/print.server";
import { answerDomainError, privateDownload } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/campaign-print-pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db, env } = await getServices();
  return answerDomainError(async () => {
    const options = parsePrintOptions(printOptionsInput(new URL(request.url).searchParams));
    return privateDownload(
      await createPrintPdf(db, {
        userId: user.id,
        campaignId: params.campaignId,
        options,
        appOrigin: await publicOriginOf(db, env, { userId: user.id, campaignId: params.campaignId, made: true }),
      }),
    );
  });
}
