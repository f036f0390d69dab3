import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { requireUser } from "~/features/auth/session.server";
import { Message } from "~/features/integrations/integrations-ui";
import { ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { notificationsPageData, runNotificationIntent } from "~/features/alerts/notifications-page.server";
import { DeliveryLog, EmailSection, QuietHoursSection, SlackSection, TelegramSection } from "~/features/alerts/notifications-ui";
import { domainErrorData, formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  return { email: user.email, ...(await notificationsPageData(db, { userId: user.id })) };
}

const IntentSchema = z.object({ intent: z.enum(["slack-code", "slack-confirm", "telegram-link", "toggle", "test", "remove", "quiet", "quiet-off"]) });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const fields = formFields(await readForm(request));
  const parsed = IntentSchema.safeParse(fields);
  if (!parsed.success) return data({ error: "Unknown action" }, { status: 400 });
  const { db } = await getServices();
  try {
    return data(await runNotificationIntent(db, { userId: user.id, intent: parsed.data.intent, fields }));
  } catch (error) {
    return domainErrorData(error, (refused) => ({ error: refused.message }));
  }
}

export const headers = withRefusalHeaders();

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("notifications");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  const channelOf = (kind: "slack" | "telegram") => loaderData.channels.find((channel) => channel.kind === kind);
  const link = actionData && "link" in actionData ? (actionData.link ?? null) : null;
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/settings" className={`${buttonClass({ variant: "secondary", size: "sm" })} whitespace-nowrap`}>
            {t("back")}
          </Link>
        }
      />
      <Message result={actionData} />
      <SlackSection channel={channelOf("slack")} busy={busy} />
      <TelegramSection channel={channelOf("telegram")} ready={loaderData.telegramReady} link={link} busy={busy} />
      <EmailSection email={loaderData.email} />
      <QuietHoursSection quiet={loaderData.quiet} timeZone={loaderData.timeZone} busy={busy} />
      <DeliveryLog deliveries={loaderData.deliveries} />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: ownerT("notifications")("pageTitle") }];
