import { data, Link, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { requireBusiness } from "~/features/team/member.server";
import { Message, UpgradePrompt } from "~/features/integrations/integrations-ui";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { SyncCampaignSwitches, SyncLog, SyncProviderCard } from "~/features/sync/sync-ui";
import { callbackUrlOf } from "~/features/sync/connections.server";
import { syncPageData, runSyncIntent } from "~/features/sync/sync-page.server";
import { answerDomainError, formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.integrations.sync";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const choose = new URL(request.url).searchParams.get("choose");
  const page = await syncPageData(db, { userId: user.id, choose, language: ownerLanguageFor(user, request.headers.get("accept-language")) });
  // Only an admin can set a provider up: the redirect URIs go to admins alone.
  const redirectUris: Record<string, string> | null = user.isAdmin
    ? Object.fromEntries(page.providers.map((provider) => [provider.id, callbackUrlOf(provider.id)]))
    : null;
  return { isPro: user.plan.isPro, redirectUris, ...page };
}

const IntentSchema = z.object({ intent: z.enum(["connect", "choose", "create", "disconnect", "campaign", "retry", "backfill", "existing"]) });

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const fields = formFields(await readForm(request));
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  const t = ownerT("refusals", language);
  const parsed = IntentSchema.safeParse(fields);
  if (!parsed.success) return data({ error: t("answers.unknownAction") }, { status: 400 });
  // Disconnecting is always allowed, Pro or not.
  if (!user.plan.isPro && parsed.data.intent !== "disconnect") return data({ error: t("answers.proOnly") }, { status: 403 });
  const { db } = await getServices();
  return answerDomainError(
    async () => {
      const answer = await runSyncIntent(db, { userId: user.id, sessionId: user.sessionId, intent: parsed.data.intent, fields, language });
      if ("redirectTo" in answer) return redirect(answer.redirectTo);
      return data({ message: answer.message });
    },
    (refused) => ({ error: refusalIn(refused, language) }),
  );
}

export const headers = withRefusalHeaders();

export default function LeadSync({ loaderData, actionData }: Route.ComponentProps) {
  const { isPro, providers, log, campaigns, redirectUris } = loaderData;
  const [search] = useSearchParams();
  const connected = providers.find((provider) => provider.id === search.get("connected"));
  const t = useOwnerT("sync");
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/settings/integrations" className={`${buttonClass({ variant: "secondary", size: "sm" })} whitespace-nowrap`}>
            {t("back")}
          </Link>
        }
      />
      {!isPro ? <UpgradePrompt /> : null}
      {connected ? <Message result={{ message: t("connected", { provider: connected.label }) }} /> : null}
      <Message result={actionData} />
      {providers.map((provider) => (
        <SyncProviderCard key={provider.id} provider={provider} disabled={!isPro} redirectUri={redirectUris?.[provider.id] ?? null} />
      ))}
      <SyncCampaignSwitches providers={providers} campaigns={campaigns} />
      <SyncLog entries={log} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("sync", ownerLanguageIn(matches))("pageTitle") }];
