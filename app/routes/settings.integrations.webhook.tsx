import { buttonClass } from "~/components/ui/button";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/features/auth/session.server";
import { PRO_ONLY_MESSAGE } from "~/features/integrations/integrations.schema";
import {
  ENDPOINT_STATUS_LABEL,
  formatWhen,
  Message,
  OneTimeSecret,
  Section,
  SubmitButton,
  UpgradePrompt,
} from "~/features/integrations/integrations-ui";
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
import { domainErrorData, formFields, notFound, readForm, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { Table, TableScroller, TBody, Td, Th, THead } from "~/components/ui/table";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/settings.integrations.webhook";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
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
  const user = await requireUser(request);
  const { db } = await getServices();
  const endpoint = await getWebhookEndpoint(db, { userId: user.id, endpointId: params.endpointId });
  if (!endpoint) notFound();
  if (!user.plan.isPro) return data<ActionData>({ error: PRO_ONLY_MESSAGE }, { status: 403 });
  const fields = formFields(await readForm(request));
  const scope = { userId: user.id, endpointId: endpoint.id };
  switch (fields.intent) {
    case "test":
      try {
        await sendTestEvent(db, scope);
      } catch (error) {
        return domainErrorData(error, (refusal): ActionData => ({ error: refusal.message }));
      }
      nudgeWebhookWorker();
      return data<ActionData>({ message: "Test event queued. Reload to see the delivery." });
    case "resend": {
      const resent = await resendDelivery(db, { userId: user.id, deliveryId: fields.deliveryId ?? "" }).catch((error: unknown) =>
        domainErrorData(error, (refusal): ActionData => ({ error: refusal.message })),
      );
      if (!resent) return data<ActionData>({ error: "This delivery does not exist." }, { status: 404 });
      if (typeof resent !== "string") return resent;
      nudgeWebhookWorker();
      return data<ActionData>({ message: "Delivery queued again." });
    }
    case "rotate": {
      const secret = await rotateWebhookSecret(db, scope);
      return data<ActionData>({ message: "Secret rotated. Update your receiver now.", secret: secret ?? undefined });
    }
    case "pause":
      await pauseWebhookEndpoint(db, scope);
      return data<ActionData>({ message: "Endpoint paused. Events are kept until you resume." });
    case "resume":
      await resumeWebhookEndpoint(db, scope);
      nudgeWebhookWorker();
      return data<ActionData>({ message: "Endpoint resumed." });
    case "delete":
      await deleteWebhookEndpoint(db, scope);
      return redirect("/settings/integrations");
    default:
      return data<ActionData>({ error: "Unknown action" }, { status: 400 });
  }
}

const STATUS_LABELS = { pending: "Retrying", sending: "Sending", succeeded: "Delivered", failed: "Failed" } as const;

export default function WebhookEndpoint({ loaderData, actionData }: Route.ComponentProps) {
  const { isPro, endpoint, deliveries } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const result = actionData as ActionData | undefined;
  const action = (intent: string, label: string, variant: "primary" | "secondary" | "danger" = "secondary") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton variant={variant} busy={busy === intent} disabled={!isPro}>
        {label}
      </SubmitButton>
    </Form>
  );

  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title="Webhook endpoint"
        description={endpoint.url}
        actions={
          <Link to="/settings/integrations" className={buttonClass({ variant: "secondary", size: "sm" })}>
            All integrations
          </Link>
        }
      />
      {!isPro ? <UpgradePrompt /> : null}
      <Section title="Endpoint" description={`Events: ${endpoint.events.join(", ")}`}>
        <p className="text-sm">
          Status: <strong data-testid="endpoint-status">{ENDPOINT_STATUS_LABEL[endpoint.status]}</strong>
          {endpoint.pausedReason ? ` — ${endpoint.pausedReason}` : ""}
          {endpoint.consecutiveFailures > 0 ? ` · ${endpoint.consecutiveFailures} failed attempts in a row` : ""}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          {action("test", "Send test event", "primary")}
          {endpoint.status === "active" ? action("pause", "Pause") : action("resume", "Resume", "primary")}
          {action("rotate", "Rotate secret")}
          {action("delete", "Delete endpoint", "danger")}
        </div>
        <div className="mt-3 space-y-3">
          {result?.secret ? <OneTimeSecret label="New signing secret" value={result.secret} /> : null}
          <Message result={result} />
        </div>
      </Section>

      <Section title="Delivery log" description="The latest 50 deliveries, newest first, with every attempt.">
        {deliveries.length === 0 ? (
          <p className="text-sm text-gray-600">No deliveries yet. Send a test event to try your endpoint.</p>
        ) : (
          <TableScroller label="Delivery log">
            <Table caption="Deliveries and their attempts" density="sm">
              <THead>
                <Th>Event</Th>
                <Th>Attempt</Th>
                <Th>Status code</Th>
                <Th>Latency</Th>
                <Th>Response</Th>
                <Th>Delivery</Th>
              </THead>
              <TBody>
                {deliveries.flatMap((delivery) => {
                  const attempts = delivery.attempts.length > 0 ? delivery.attempts : [null];
                  return attempts.map((attempt, index) => (
                    <tr key={`${delivery.id}-${attempt?.attempt ?? 0}`} data-testid="delivery-row" className="align-top">
                      <Td>
                        <span className="font-mono">{delivery.eventType}</span>
                        <span className="block text-xs text-gray-500">{attempt ? formatWhen(attempt.at) : "Waiting"}</span>
                      </Td>
                      <Td>{attempt?.attempt ?? "—"}</Td>
                      <Td>{attempt?.statusCode ?? (attempt ? "No response" : "—")}</Td>
                      <Td>{attempt ? `${attempt.latencyMs} ms` : "—"}</Td>
                      <Td className="max-w-xs break-words">
                        {attempt?.error ? <span className="text-red-700">{attempt.error}</span> : null}
                        {attempt?.responseExcerpt ? <code className="block text-xs text-gray-700">{attempt.responseExcerpt}</code> : null}
                      </Td>
                      <Td>
                        {index === 0 ? (
                          <div className="flex flex-col items-start gap-1">
                            <span>{STATUS_LABELS[delivery.status]}</span>
                            {delivery.status === "pending" && delivery.attempts.length > 0 ? (
                              <span className="text-xs text-gray-500">next {formatWhen(delivery.nextAttemptAt)}</span>
                            ) : null}
                            {delivery.leadErased ? (
                              <span className="text-xs text-gray-600" data-testid="lead-erased">
                                Lead erased: not sent again
                              </span>
                            ) : (
                              <Form method="post">
                                <input type="hidden" name="intent" value="resend" />
                                <input type="hidden" name="deliveryId" value={delivery.id} />
                                <SubmitButton
                                  variant="secondary"
                                  disabled={!isPro}
                                  busy={busy === "resend" && navigation.formData?.get("deliveryId") === delivery.id}
                                  label={`Resend ${delivery.eventType} ${delivery.eventId}`}
                                >
                                  Resend
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

export const headers = withRefusalHeaders();

export const meta: Route.MetaFunction = () => [{ title: "Webhook endpoint · LeadQR" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: "Endpoint not found", message: "This webhook endpoint does not exist or is not yours." } }}
      unexpectedErrorHandler={{ title: "Something went wrong", message: "Please try again in a moment." }}
      back={{ to: "/settings/integrations", label: "Back to integrations" }}
    />
  );
}
