import { buttonClass } from "~/components/ui/button";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { requireBusiness } from "~/features/team/member.server";
import { Message, OneTimeSecret, Section, SubmitButton, UpgradePrompt, useEndpointStatusLabel } from "~/features/integrations/integrations-ui";
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listDeliveryLog,
  pauseWebhookEndpoint,
  resendDelivery,
  resumeWebhookEndpoint,
  rotateWebhookSecret,
  sendTestEvent,
} from "~/features/integrations/webhooks.server";
import { nudgeWebhookWorker } from "~/features/integrations/webhook-worker.server";
import { ownerT, OwnerTrans, useOwnerT, useFormatWhen, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { answerDomainError, formFields, notFound, readForm, withRefusalHeaders } from "~/utils/http.server";
import type { DomainError } from "~/utils/domain-error";
import { getServices } from "~/utils/services.server";
import { Table, TableScroller, TBody, Td, Th, THead } from "~/components/ui/table";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/settings.integrations.webhook";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const endpoint = await getWebhookEndpoint(db, { userId: user.id, endpointId: params.endpointId });
  if (!endpoint) notFound();
  const log = await listDeliveryLog(db, { userId: user.id, endpointId: endpoint.id });
  return {
    isPro: user.plan.isPro,
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      status: endpoint.status,
      pausedReason: endpoint.pausedReason,
      consecutiveFailures: endpoint.consecutiveFailures,
    },
    deliveries: log.map((delivery) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      leadErased: delivery.leadErased,
      status: delivery.status,
      nextAttemptAt: delivery.nextAttemptAt.toISOString(),
      attempts: delivery.log.map((attempt) => ({
        attempt: attempt.attempt,
        statusCode: attempt.statusCode,
        latencyMs: attempt.latencyMs,
        responseExcerpt: attempt.responseExcerpt.slice(0, 200),
        error: attempt.error,
        at: attempt.createdAt.toISOString(),
      })),
    })),
  };
}

type ActionData = { message?: string; error?: string; secret?: string };

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const endpoint = await getWebhookEndpoint(db, { userId: user.id, endpointId: params.endpointId });
  if (!endpoint) notFound();
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  const t = ownerT("refusals", language);
  const refusedWith = (refusal: DomainError): ActionData => ({ error: refusalIn(refusal, language) });
  if (!user.plan.isPro) return data<ActionData>({ error: t("answers.proOnly") }, { status: 403 });
  const fields = formFields(await readForm(request));
  const scope = { userId: user.id, endpointId: endpoint.id };
  switch (fields.intent) {
    case "test":
      return answerDomainError(async () => {
        await sendTestEvent(db, scope);
        nudgeWebhookWorker();
        return data<ActionData>({ message: t("answers.integrations.testQueued") });
      }, refusedWith);
    case "resend":
      return answerDomainError(async () => {
        const resent = await resendDelivery(db, { userId: user.id, deliveryId: fields.deliveryId ?? "" });
        if (!resent) return data<ActionData>({ error: t("answers.integrations.deliveryMissing") }, { status: 404 });
        nudgeWebhookWorker();
        return data<ActionData>({ message: t("answers.integrations.deliveryRequeued") });
      }, refusedWith);
    case "rotate": {
      const secret = await rotateWebhookSecret(db, scope);
      return data<ActionData>({ message: t("answers.integrations.secretRotated"), secret: secret ?? undefined });
    }
    case "pause":
      await pauseWebhookEndpoint(db, scope);
      return data<ActionData>({ message: t("answers.integrations.paused") });
    case "resume":
      await resumeWebhookEndpoint(db, scope);
      nudgeWebhookWorker();
      return data<ActionData>({ message: t("answers.integrations.resumed") });
    case "delete":
      await deleteWebhookEndpoint(db, scope);
      return redirect("/settings/integrations");
    default:
      return data<ActionData>({ error: t("answers.unknownAction") }, { status: 400 });
  }
}

export default function WebhookEndpoint({ loaderData, actionData }: Route.ComponentProps) {
  const { isPro, endpoint, deliveries } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const result = actionData as ActionData | undefined;
  const t = useOwnerT("webhook");
  const statusLabel = useEndpointStatusLabel();
  const formatWhen = useFormatWhen();
  const action = { busy, disabled: !isPro };

  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={endpoint.url}
        actions={
          <Link to="/settings/integrations" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("allIntegrations")}
          </Link>
        }
      />
      {!isPro ? <UpgradePrompt /> : null}
      <Section title={t("endpoint.title")} description={t("endpoint.events", { events: endpoint.events.join(", ") })}>
        <p className="text-sm">
          <OwnerTrans
            ns="webhook"
            k="endpoint.status"
            values={{ status: statusLabel(endpoint.status) }}
            components={{ strong: <strong data-testid="endpoint-status" /> }}
          />
          {endpoint.pausedReason ? ` — ${endpoint.pausedReason}` : ""}
          {endpoint.consecutiveFailures > 0 ? t("endpoint.failedInARow", { failures: endpoint.consecutiveFailures }) : ""}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <EndpointAction intent="test" variant="primary" {...action} />
          {endpoint.status === "active" ? (
            <EndpointAction intent="pause" {...action} />
          ) : (
            <EndpointAction intent="resume" variant="primary" {...action} />
          )}
          <EndpointAction intent="rotate" {...action} />
          <EndpointAction intent="delete" variant="danger" {...action} />
        </div>
        <div className="mt-3 space-y-3">
          {result?.secret ? <OneTimeSecret label={t("endpoint.newSecret")} value={result.secret} /> : null}
          <Message result={result} />
        </div>
      </Section>

      <Section title={t("log.title")} description={t("log.description")}>
        {deliveries.length === 0 ? (
          <p className="text-sm text-gray-600">{t("log.empty")}</p>
        ) : (
          <TableScroller label={t("log.title")}>
            <Table caption={t("log.caption")} density="sm">
              <THead>
                <Th>{t("log.event")}</Th>
                <Th>{t("log.attempt")}</Th>
                <Th>{t("log.statusCode")}</Th>
                <Th>{t("log.latency")}</Th>
                <Th>{t("log.response")}</Th>
                <Th>{t("log.delivery")}</Th>
              </THead>
              <TBody>
                {deliveries.flatMap((delivery) => {
                  const attempts = delivery.attempts.length > 0 ? delivery.attempts : [null];
                  return attempts.map((attempt, index) => (
                    <tr key={`${delivery.id}-${attempt?.attempt ?? 0}`} data-testid="delivery-row" className="align-top">
                      <Td>
                        <span className="font-mono">{delivery.eventType}</span>
                        <span className="block text-xs text-gray-500">{attempt ? formatWhen(attempt.at) : t("log.waiting")}</span>
                      </Td>
                      <Td>{attempt?.attempt ?? "—"}</Td>
                      <Td>{attempt?.statusCode ?? (attempt ? t("log.noResponse") : "—")}</Td>
                      <Td>{attempt ? t("log.milliseconds", { ms: attempt.latencyMs }) : "—"}</Td>
                      <Td className="max-w-xs break-words">
                        {attempt?.error ? <span className="text-red-700">{attempt.error}</span> : null}
                        {attempt?.responseExcerpt ? <code className="block text-xs text-gray-700">{attempt.responseExcerpt}</code> : null}
                      </Td>
                      <Td>
                        {index === 0 ? (
                          <div className="flex flex-col items-start gap-1">
                            <span>{t(`deliveryStatus.${delivery.status}`)}</span>
                            {delivery.status === "pending" && delivery.attempts.length > 0 ? (
                              <span className="text-xs text-gray-500">{t("log.next", { when: formatWhen(delivery.nextAttemptAt) })}</span>
                            ) : null}
                            {delivery.leadErased ? (
                              <span className="text-xs text-gray-600" data-testid="lead-erased">
                                {t("log.leadErased")}
                              </span>
                            ) : (
                              <Form method="post">
                                <input type="hidden" name="intent" value="resend" />
                                <input type="hidden" name="deliveryId" value={delivery.id} />
                                <SubmitButton
                                  variant="secondary"
                                  disabled={!isPro}
                                  busy={busy === "resend" && navigation.formData?.get("deliveryId") === delivery.id}
                                  label={t("log.resendNamed", { type: delivery.eventType, id: delivery.eventId })}
                                >
                                  {t("log.resend")}
                                </SubmitButton>
                              </Form>
                            )}
                          </div>
                        ) : null}
                      </Td>
                    </tr>
                  ));
                })}
              </TBody>
            </Table>
          </TableScroller>
        )}
      </Section>
    </main>
  );
}

/** One button, one form, one intent: works without JavaScript. */
function EndpointAction({
  intent,
  variant = "secondary",
  busy,
  disabled,
}: {
  intent: "test" | "pause" | "resume" | "rotate" | "delete";
  variant?: "primary" | "secondary" | "danger";
  busy: FormDataEntryValue | null | undefined;
  disabled: boolean;
}) {
  const t = useOwnerT("webhook");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton variant={variant} busy={busy === intent} disabled={disabled}>
        {t(`actions.${intent}`)}
      </SubmitButton>
    </Form>
  );
}

export const headers = withRefusalHeaders();

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("webhook", ownerLanguageIn(matches))("pageTitle") }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("webhook");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      unexpectedErrorHandler={{ title: t("unexpected.title"), message: t("unexpected.message") }}
      back={{ to: "/settings/integrations", label: t("back") }}
    />
  );
}
