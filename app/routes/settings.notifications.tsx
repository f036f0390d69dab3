import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { requireUser } from "~/features/auth/session.server";
import { Message } from "~/features/integrations/integrations-ui";
import { ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { NOTIFICATION_INTENTS, notificationsPageData, runNotificationIntent } from "~/features/alerts/notifications-page.server";
import { DeliveryLog, EmailSection, EventAlertsSection, QuietHoursSection, SlackSection, TelegramSection } from "~/features/alerts/notifications-ui";
import { PushSection } from "~/features/alerts/push-section";
import { SummarySettingsSchema } from "~/features/summary/summary.schema";
import { getSummarySettings, saveSummarySettings } from "~/features/summary/summary-settings.server";
import { SummarySettingsSection } from "~/features/summary/summary-settings";
import { answerDomainError, formFields, readForm, submit, withRefusalHeaders } from "~/utils/http.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  const [page, summary] = await Promise.all([notificationsPageData(db, { userId: user.id }), getSummarySettings(db, { userId: user.id })]);
  return { email: user.email, ...page, summary };
}

const IntentSchema = z.object({ intent: z.enum(NOTIFICATION_INTENTS) });

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const fields = formFields(form);
  if (fields.intent === "summary") return saveSummary(request, user.id, fields);
  const parsed = IntentSchema.safeParse(fields);
  if (!parsed.success) return data({ error: "Unknown action" }, { status: 400 });
  const { db } = await getServices();
  return answerDomainError(
    async () =>
      data(
        await runNotificationIntent(db, {
          userId: user.id,
          intent: parsed.data.intent,
          fields,
          userAgent: request.headers.get("user-agent") ?? "",
          lists: { campaigns: strings(form.getAll("campaign")), locations: strings(form.getAll("location")) },
        }),
      ),
    (refused) => ({ error: refused.message }),
  );
}

const strings = (values: FormDataEntryValue[]) => values.filter((value): value is string => typeof value === "string").slice(0, 500);

/** The morning summary's choice (docs/features/summary.md), saved with the zone of the browser that saved it. */
async function saveSummary(request: Request, userId: string, fields: Record<string, string>) {
  const parsed = submit(SummarySettingsSchema, fields, { reply: { form: "summary" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await saveSummarySettings(db, { userId, input: parsed.value, timeZone: await getTimeZone(request) });
  return data({ form: "summary" as const, message: ownerT("summary")("saved") });
}

export const headers = withRefusalHeaders();

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("notifications");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  const channelOf = (kind: "slack" | "telegram") => loaderData.channels.find((channel) => channel.kind === kind);
  const link = actionData && "link" in actionData ? (actionData.link ?? null) : null;
  const summaryResult = actionData && "form" in actionData && actionData.form === "summary" ? actionData : undefined;
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
      {actionData && !summaryResult ? <Message result={actionData as { message?: string; error?: string }} /> : null}
      <PushSection
        channels={loaderData.channels.filter((channel) => channel.kind === "push")}
        vapidPublicKey={loaderData.vapidPublicKey}
        busy={busy}
      />
      <SlackSection channel={channelOf("slack")} busy={busy} />
      <TelegramSection channel={channelOf("telegram")} ready={loaderData.telegramReady} link={link} busy={busy} />
      <EventAlertsSection events={loaderData.events} busy={busy} />
      <EmailSection email={loaderData.email} />
      <SummarySettingsSection settings={loaderData.summary} result={summaryResult} busy={busy === "summary"} />
      <QuietHoursSection quiet={loaderData.quiet} timeZone={loaderData.timeZone} busy={busy} />
      <DeliveryLog deliveries={loaderData.deliveries} />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: ownerT("notifications")("pageTitle") }];
