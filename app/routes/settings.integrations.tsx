import { useMemo } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requireBusiness } from "~/features/team/member.server";
import { countActiveApiKeys, createApiKey, listApiKeys, revokeAllApiKeys, revokeApiKey } from "~/features/integrations/api-keys.server";

import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
import { apiKeyFormSchemaIn, endpointFormSchemaIn, type IntegrationFormMessages } from "~/features/integrations/integrations.schema";
import {
  ENDPOINT_STATUS_COLOR,
  Message,
  OneTimeSecret,
  Section,
  SubmitButton,
  UpgradePrompt,
  useEndpointStatusLabel,
} from "~/features/integrations/integrations-ui";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/features/integrations/webhooks.server";
import { ownerT, type OwnerT, OwnerTrans, useOwnerT, useFormatWhen, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import type { Language } from "~/features/languages/languages";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { SyncSectionLink } from "~/features/sync/sync-ui";
import { type FormResult, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import { answerDomainError, formFields, readForm, submit, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.integrations";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  if (!user.plan.isPro) return { isPro: false as const, endpoints: [], keys: [] };
  const { db } = await getServices();
  const [endpoints, keys] = await Promise.all([listWebhookEndpoints(db, { userId: user.id }), listApiKeys(db, { userId: user.id })]);
  return {
    isPro: true as const,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      status: endpoint.status,
      source: endpoint.source,
      pausedReason: endpoint.pausedReason,
    })),
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revoked: key.revokedAt !== null,
      createdAt: key.createdAt.toISOString(),
    })),
  };
}

type ActionData = {
  form: "endpoint" | "key" | "revoke" | "revokeAll";
  /** Asked to revoke every key: how many are live, for the confirmation. */
  confirmRevokeAll?: number;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
  secret?: string;
  apiKey?: string;
};

type IntegrationsPost = {
  db: Awaited<ReturnType<typeof getServices>>["db"];
  userId: string;
  fields: Record<string, string>;
  form: FormData;
  /** The member's language, for the refusals the page shows. */
  language: Language;
};

/** Each form posts its own intent; each intent has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const { db } = await getServices();
  const post: IntegrationsPost = { db, userId: user.id, fields, form, language: ownerLanguageFor(user, request.headers.get("accept-language")) };
  // Stopping keys is always allowed, Pro or not (after a password reset, say).
  if (fields.intent === "revokeAllKeys") return revokeAllKeys(post);
  const t = ownerT("refusals", post.language);
  if (!user.plan.isPro) return data<ActionData>({ form: answeringForm(fields.intent), error: t("answers.proOnly") }, { status: 403 });
  switch (fields.intent) {
    case "createEndpoint":
      return addEndpoint(post);
    case "createKey":
      return addApiKey(post);
    case "revokeKey":
      return revokeOneKey(post);
    default:
      return data<ActionData>({ form: "endpoint", error: t("answers.unknownAction") }, { status: 400 });
  }
}

/** The form whose place on the screen shows the answer to an intent. */
function answeringForm(intent: string | undefined): ActionData["form"] {
  return intent === "createKey" ? "key" : intent === "revokeKey" ? "revoke" : "endpoint";
}

async function revokeAllKeys({ db, userId, fields, language }: IntegrationsPost) {
  if (fields.confirm !== "yes") return data<ActionData>({ form: "revokeAll", confirmRevokeAll: await countActiveApiKeys(db, { userId }) });
  const revoked = await revokeAllApiKeys(db, { userId });
  return data<ActionData>({ form: "revokeAll", message: ownerT("refusals", language)("answers.integrations.keysRevoked", { count: revoked }) });
}

async function addEndpoint({ db, userId, fields, form, language }: IntegrationsPost) {
  const events = form.getAll("events").filter((value) => typeof value === "string");
  const parsed = submit(
    endpointFormSchemaIn(formMessages(ownerT("refusals", language))),
    { ...fields, events },
    { reply: { form: "endpoint" as const } },
  );
  if (!parsed.ok) return parsed.response;
  return answerDomainError(
    async () => {
      const { secret } = await createWebhookEndpoint(db, { userId, ...parsed.value });
      return data<ActionData>({ form: "endpoint", message: ownerT("refusals", language)("answers.integrations.endpointAdded"), secret });
    },
    (refused): ActionData =>
      refused.code === "unsafe_destination"
        ? { form: "endpoint", fieldErrors: { url: refusalIn(refused, language) } }
        : { form: "endpoint", error: refusalIn(refused, language) },
  );
}

async function addApiKey({ db, userId, fields, language }: IntegrationsPost) {
  const parsed = submit(apiKeyFormSchemaIn(formMessages(ownerT("refusals", language))), fields, { reply: { form: "key" as const } });
  if (!parsed.ok) return parsed.response;
  return answerDomainError(
    async () => {
      const { key } = await createApiKey(db, { userId, name: parsed.value.name });
      return data<ActionData>({ form: "key", message: ownerT("refusals", language)("answers.integrations.keyCreated"), apiKey: key });
    },
    (refused): ActionData => ({ form: "key", error: refusalIn(refused, language) }),
  );
}

async function revokeOneKey({ db, userId, fields, language }: IntegrationsPost) {
  const t = ownerT("refusals", language);
  const revoked = await revokeApiKey(db, { userId, keyId: fields.keyId ?? "" });
  if (!revoked) return data<ActionData>({ form: "revoke", error: t("answers.integrations.keyMissing") }, { status: 404 });
  return data<ActionData>({ form: "revoke", message: t("answers.integrations.keyRevoked") });
}

export const headers = withRefusalHeaders();

/** The endpoint and API key forms' messages in a language (the same in the browser and the action). */
function formMessages(t: OwnerT<"refusals">): IntegrationFormMessages {
  return {
    urlRequired: t("forms.urlRequired"),
    urlTooLong: t("forms.urlTooLong"),
    chooseEvent: t("forms.chooseEvent"),
    descriptionTooLong: t("forms.descriptionTooLong"),
    nameKey: t("forms.nameKey"),
    nameKeyExample: t("forms.nameKeyExample"),
    nameTooLong: t("forms.nameTooLong"),
  };
}

function useFormMessages() {
  const t = useOwnerT("refusals");
  return useMemo(() => formMessages(t), [t]);
}

type LoaderData = Route.ComponentProps["loaderData"];
/** The header a request carries its key in: code, the same in every language. */
const BEARER_HEADER = "Authorization: Bearer <key>";
type Busy = { busy: FormDataEntryValue | null | undefined };

/** One component per section: a new integration is one more component and one more intent. */
export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { isPro, endpoints, keys } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const result = (form: ActionData["form"]) => (actionData?.form === form ? (actionData as ActionData) : undefined);
  const t = useOwnerT("integrations");
  return (
    <main className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/settings" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("back")}
          </Link>
        }
      />
      {!isPro ? <UpgradePrompt /> : null}

      <SyncSectionLink />

      <WebhooksSection isPro={isPro} endpoints={endpoints} result={result("endpoint")} busy={busy} />
      <ApiKeysSection isPro={isPro} keys={keys} result={result} busy={busy} />
    </main>
  );
}

function WebhooksSection({ isPro, endpoints, result, busy }: Pick<LoaderData, "isPro" | "endpoints"> & { result?: ActionData } & Busy) {
  const t = useOwnerT("integrations");
  return (
    <Section title={t("webhooks.title")} description={<OwnerTrans ns="integrations" k="webhooks.description" components={{ code: <code /> }} />}>
      {endpoints.length > 0 ? (
        <ul className="mb-6 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      ) : isPro ? (
        <p className="mb-4 text-sm text-gray-600">{t("webhooks.empty")}</p>
      ) : null}
      {result?.secret ? <OneTimeSecret label={t("webhooks.signingSecret")} value={result.secret} /> : null}
      <AddEndpointForm isPro={isPro} result={result} busy={busy} />
    </Section>
  );
}

function EndpointRow({ endpoint }: { endpoint: LoaderData["endpoints"][number] }) {
  const t = useOwnerT("integrations");
  const statusLabel = useEndpointStatusLabel();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-mono text-sm text-gray-900">{endpoint.url}</p>
        <p className="text-xs text-gray-600">
          {endpoint.events.join(", ")}
          {endpoint.source === "rest_hook" ? t("webhooks.restHook") : ""}
        </p>
        {endpoint.status === "paused" ? (
          <p className="text-xs font-medium text-amber-700">{t("webhooks.paused", { reason: endpoint.pausedReason ?? "" })}</p>
        ) : null}
        {endpoint.status === "unsubscribed" ? <p className="text-xs font-medium text-gray-700">{endpoint.pausedReason}</p> : null}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <Badge color={ENDPOINT_STATUS_COLOR[endpoint.status]}>{statusLabel(endpoint.status)}</Badge>
        <Link
          to={`/settings/integrations/webhooks/${endpoint.id}`}
          className="text-sm font-medium text-blue-700 hover:underline"
          aria-label={t("webhooks.deliveryLogFor", { url: endpoint.url })}
        >
          {t("webhooks.deliveryLog")}
        </Link>
      </div>
    </li>
  );
}

function AddEndpointForm({ isPro, result, busy }: { isPro: boolean; result?: ActionData } & Busy) {
  const messages = useFormMessages();
  const schema = useMemo(() => endpointFormSchemaIn(messages), [messages]);
  const [endpointForm, endpointFields] = useValidatedForm(schema, { id: "endpoint", lastResult: result?.result });
  // The address guard's refusal (not a full URL, a private network) is found by the server only.
  const endpointServer = serverOnlyErrors(result?.fieldErrors, result?.result);
  const t = useOwnerT("integrations");
  return (
    <Form method="post" {...getFormProps(endpointForm)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="createEndpoint" />
      <fieldset disabled={!isPro} className="space-y-4">
        <legend className="font-medium text-gray-900">{t("addEndpoint.legend")}</legend>
        <Field id="url" label={t("addEndpoint.url")} errors={endpointFields.url.errors ?? endpointServer.url}>
          {(control) => <Input {...control} name="url" type="url" inputMode="url" placeholder={t("addEndpoint.urlPlaceholder")} required />}
        </Field>
        <Field id="description" label={t("addEndpoint.description")} errors={endpointFields.description.errors}>
          {(control) => <Input {...control} name="description" maxLength={100} />}
        </Field>
        <fieldset aria-describedby={endpointFields.events.errors ? "events-error" : undefined}>
          <legend className="text-sm font-medium text-gray-700">{t("addEndpoint.events")}</legend>
          <div className="mt-2 space-y-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="events" value={type} defaultChecked={type === "lead.created"} className="mt-1" />
                <span>
                  <span className="font-mono">{type}</span> <span className="text-gray-600">— {WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id="events-error" errors={endpointFields.events.errors} />
        </fieldset>
        <div className="flex items-center gap-4">
          <SubmitButton busy={busy === "createEndpoint"}>{t("addEndpoint.submit")}</SubmitButton>
          <Message result={result} />
        </div>
      </fieldset>
    </Form>
  );
}

function ApiKeysSection({
  isPro,
  keys,
  result,
  busy,
}: Pick<LoaderData, "isPro" | "keys"> & { result: (form: ActionData["form"]) => ActionData | undefined } & Busy) {
  const keyResult = result("key");
  const t = useOwnerT("integrations");
  return (
    <Section
      title={t("apiKeys.title")}
      description={
        <OwnerTrans
          ns="integrations"
          k="apiKeys.description"
          values={{ header: BEARER_HEADER }}
          components={{ code: <code />, api: <Link to="/docs/api" className="font-medium text-blue-700 hover:underline" /> }}
        />
      }
    >
      {keys.length > 0 ? (
        <ul className="mb-6 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} busy={busy} />
          ))}
        </ul>
      ) : null}
      <Message result={result("revoke")} />
      <RevokeAllKeys active={keys.filter((key) => !key.revoked).length} answer={result("revokeAll")} />
      {keyResult?.apiKey ? <OneTimeSecret label={t("apiKeys.newKey")} value={keyResult.apiKey} /> : null}
      <CreateKeyForm isPro={isPro} result={keyResult} busy={busy} />
    </Section>
  );
}

function ApiKeyRow({ apiKey: key, busy }: { apiKey: LoaderData["keys"][number] } & Busy) {
  const navigation = useNavigation();
  const t = useOwnerT("integrations");
  const formatWhen = useFormatWhen();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium text-gray-900">{key.name}</p>
        <p className="text-xs text-gray-600">
          <OwnerTrans
            ns="integrations"
            k="apiKeys.usage"
            values={{ prefix: key.prefix, created: formatWhen(key.createdAt), lastUsed: formatWhen(key.lastUsedAt) }}
            components={{ prefix: <span className="font-mono" /> }}
          />
        </p>
      </div>
      {key.revoked ? (
        <span className="text-sm text-gray-500">{t("apiKeys.revoked")}</span>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="revokeKey" />
          <input type="hidden" name="keyId" value={key.id} />
          <SubmitButton
            variant="danger"
            busy={busy === "revokeKey" && navigation.formData?.get("keyId") === key.id}
            label={t("apiKeys.revokeNamed", { name: key.name })}
          >
            {t("apiKeys.revoke")}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}

function CreateKeyForm({ isPro, result, busy }: { isPro: boolean; result?: ActionData } & Busy) {
  const messages = useFormMessages();
  const schema = useMemo(() => apiKeyFormSchemaIn(messages), [messages]);
  const [keyForm, keyFields] = useValidatedForm(schema, { id: "api-key", lastResult: result?.result });
  const t = useOwnerT("integrations");
  return (
    <Form method="post" {...getFormProps(keyForm)} className="mt-4">
      <input type="hidden" name="intent" value="createKey" />
      <fieldset disabled={!isPro} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <legend className="sr-only">{t("apiKeys.createLegend")}</legend>
        <Field id="key-name" label={t("apiKeys.name")} errors={keyFields.name.errors} className="flex-1">
          {(control) => <Input {...control} name="name" maxLength={60} placeholder={t("apiKeys.namePlaceholder")} required />}
        </Field>
        <SubmitButton busy={busy === "createKey"}>{t("apiKeys.create")}</SubmitButton>
      </fieldset>
      <div className="mt-2">
        <Message result={result?.apiKey ? undefined : result} />
      </div>
    </Form>
  );
}

/** "Revoke all keys", confirmed on a second step that works without JavaScript. */
function RevokeAllKeys({ active, answer }: { active: number; answer?: ActionData }) {
  const t = useOwnerT("integrations");
  if (answer?.message)
    return (
      <p role="status" className="mt-3 text-sm text-green-700">
        {answer.message}
      </p>
    );
  if (active === 0) return null;
  if (answer?.confirmRevokeAll) {
    return (
      <Form method="post" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3" aria-labelledby="revoke-all-question">
        <input type="hidden" name="intent" value="revokeAllKeys" />
        <input type="hidden" name="confirm" value="yes" />
        <p id="revoke-all-question" className="text-sm text-red-800">
          {t("apiKeys.revokeAllQuestion", { count: answer.confirmRevokeAll })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <SubmitButton variant="danger" busy={false}>
            {t("apiKeys.revokeAllConfirm")}
          </SubmitButton>
          <Link to="." className={buttonClass({ variant: "secondary" })}>
            {t("apiKeys.cancel")}
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="revokeAllKeys" />
      <SubmitButton variant="danger" busy={false}>
        {t("apiKeys.revokeAll")}
      </SubmitButton>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("integrations", ownerLanguageIn(matches))("pageTitle") }];
