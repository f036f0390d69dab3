import { Link, redirect } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { requireBusiness } from "~/features/team/member.server";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { finishConnect } from "~/features/sync/connections.server";
import { nudgeSyncWorker } from "~/features/sync/worker.server";
import { answerDomainError } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.integrations.sync-callback";

/** Where the provider sends the owner back after authorizing (the OAuth redirect URI). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const query = new URL(request.url).searchParams;
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  return answerDomainError(
    async () => {
      const provider = await finishConnect(db, {
        userId: user.id,
        sessionId: user.sessionId,
        providerId: params.provider,
        state: query.get("state"),
        code: query.get("code"),
        error: query.get("error"),
      });
      nudgeSyncWorker();
      return redirect(`/settings/integrations/sync?connected=${provider.id}`);
    },
    (refused) => ({ error: refusalIn(refused, language) }),
  );
}

export default function SyncCallback({ loaderData }: Route.ComponentProps) {
  const t = useOwnerT("sync");
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-8">
      <h1 className="text-xl font-semibold text-gray-900">{t("callback.title")}</h1>
      <p role="alert" className="text-sm text-red-700">
        {loaderData.error}
      </p>
      <Link to="/settings/integrations/sync" className={buttonClass({ variant: "secondary", size: "sm" })}>
        {t("callback.back")}
      </Link>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("sync", ownerLanguageIn(matches))("pageTitle") }];
