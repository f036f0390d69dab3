import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Message } from "~/features/integrations/integrations-ui";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { NOTIFICATION_INTENTS, notificationsPageData, runNotificationIntent, type Recipient } from "~/features/alerts/notifications-page.server";
import { requireBusiness, ROLE_REFUSED, type Acting } from "~/features/team/member.server";
import { DeliveryLog, EmailSection, EventAlertsSection, QuietHoursSection, SlackSection, TelegramSection } from "~/features/alerts/notifications-ui";
import { PushSection } from "~/features/alerts/push-section";
import { SummarySettingsSchema } from "~/features/summary/summary.schema";
import { getSummarySettings, saveSummarySettings } from "~/features/summary/summary-settings.server";
import { SummarySettingsSection } from "~/features/summary/summary-settings";
import { answerDomainError, formFields, readForm, submit, withRefusalHeaders } from "~/utils/http.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { getServices } from "~/utils/services.server";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { refusalIn } from "~/features/languages/owner/refusals";
import type { Route } from "./+types/settings.notifications";

/** Managers and viewers set up their own channels for their locations (docs/features/alerts.md, "Team members' own alerts"); staff have the counter only. */
const ROLES = ["owner", "manager", "viewer"] as const;

/** Whose channels: the owner's, or the member's own for the business they act for. */
function recipientOf(acting: Acting): Recipient {
  const memberId = acting.role === "owner" ? null : (acting.user.membership?.memberId ?? null);
  return { userId: acting.user.id, memberId, businessId: acting.businessId, locationIds: acting.locationIds };
}

export async function loader({ request }: Route.LoaderArgs) {
  const acting = await requireBusiness(request, ROLES);
  const { db } = await getServices();
  const recipient = recipientOf(acting);
  const [page, summary] = await Promise.all([
    notificationsPageData(db, recipient),
    // The morning summary and the per-lead email are the owner's.
    recipient.memberId === null ? getSummarySettings(db, { userId: acting.user.id }) : null,
  ]);
  return { email: acting.user.email, ...page, summary };
}

const IntentSchema = z.object({ intent: z.enum(NOTIFICATION_INTENTS) });

export async function action({ request }: Route.ActionArgs) {
  const acting = await requireBusiness(request, ROLES);
  const recipient = recipientOf(acting);
  const form = await readForm(request);
  const fields = formFields(form);
  if (fields.intent === "summary") {
    if (recipient.memberId !== null) throw data(ROLE_REFUSED, { status: 403 });
    return saveSummary(request, acting.user, fields);
  }
  const language = ownerLanguageFor(acting.user, request.headers.get("accept-language"));
  const parsed = IntentSchema.safeParse(fields);
  if (!parsed.success) return data({ error: ownerT("refusals", language)("answers.unknownAction") }, { status: 400 });
  const { db } = await getServices();
  return answerDomainError(
    async () =>
      data(
        await runNotificationIntent(db, {
          recipient,
          intent: parsed.data.intent,
          fields,
          userAgent: request.headers.get("user-agent") ?? "",
          language,
          lists: { campaigns: strings(form.getAll("campaign")), locations: strings(form.getAll("location")) },
        }),
      ),
    (refused) => ({ error: refusalIn(refused, language) }),
  );
}

const strings = (values: FormDataEntryValue[]) => values.filter((value): value is string => typeof value === "string").slice(0, 500);

/** The morning summary's choice (docs/features/summary.md), saved with the zone of the browser that saved it. */
async function saveSummary(request: Request, user: Acting["user"], fields: Record<string, string>) {
  const userId = user.id;
  const parsed = submit(SummarySettingsSchema, fields, { reply: { form: "summary" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await saveSummarySettings(db, { userId, input: parsed.value, timeZone: await getTimeZone(request) });
  return data({ form: "summary" as const, message: ownerT("summary", ownerLanguageFor(user, request.headers.get("accept-language")))("saved") });
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
          // A member has no Settings page: their own screens are in the header's menu.
          loaderData.isMember ? undefined : (
            <Link to="/settings" className={`${buttonClass({ variant: "secondary", size: "sm" })} whitespace-nowrap`}>
              {t("back")}
            </Link>
          )
        }
      />
      {loaderData.isMember ? <p className="text-sm text-gray-700">{t("member")}</p> : null}
      {actionData && !summaryResult ? <Message result={actionData as { message?: string; error?: string }} /> : null}
      <PushSection
        channels={loaderData.channels.filter((channel) => channel.kind === "push")}
        vapidPublicKey={loaderData.vapidPublicKey}
        busy={busy}
      />
      <SlackSection channel={channelOf("slack")} busy={busy} />
      <TelegramSection channel={channelOf("telegram")} ready={loaderData.telegramReady} link={link} busy={busy} />
      <EventAlertsSection events={loaderData.events} ownerOnly={!loaderData.isMember} busy={busy} />
      {loaderData.summary ? (
        <>
          <EmailSection email={loaderData.email} />
          <SummarySettingsSection settings={loaderData.summary} result={summaryResult} busy={busy === "summary"} />
        </>
      ) : null}
      <QuietHoursSection quiet={loaderData.quiet} timeZone={loaderData.timeZone} busy={busy} />
      <DeliveryLog deliveries={loaderData.deliveries} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("notifications", ownerLanguageIn(matches))("pageTitle") }];
