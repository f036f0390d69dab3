import { cardClass } from "~/components/ui/card";
import { getOpenApiDocument } from "~/features/api/openapi.server";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
import { OwnerTrans, ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import type { Route } from "./+types/docs.api";

type SchemaObject = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  description?: string;
  anyOf?: SchemaObject[];
  format?: string;
  const?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: SchemaObject };
type OperationObject = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject }> }>;
};
type Document = {
  info: { title: string; description: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> };
};

/** The page's sentences mark identifiers with <code>: they stay as they are in every language. */
const CODE = { code: <code /> };
const ENVELOPE = `{ "id", "type", "version", "timestamp", "data" }`;

function typeOf(schema: SchemaObject | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"))) return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

export function loader() {
  const document = getOpenApiDocument() as Document;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      id: operation.operationId,
      method: method.toUpperCase(),
      path,
      summary: operation.summary,
      tag: operation.tags[0] ?? "",
      parameters: (operation.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: Boolean(parameter.required),
        type: typeOf(parameter.schema),
        description: parameter.schema?.description ?? parameter.description ?? "",
      })),
      body: typeOf(Object.values(operation.requestBody?.content ?? {})[0]?.schema) || null,
      responses: Object.entries(operation.responses).map(([status, response]) => ({
        status,
        description: response.description,
        type: typeOf(Object.values(response.content ?? {})[0]?.schema),
      })),
    })),
  );
  const schemas = Object.entries(document.components.schemas).map(([name, schema]) => ({
    name,
    description: schema.description ?? "",
    fields: Object.entries(schema.properties ?? {}).map(([field, property]) => ({
      field,
      type: typeOf(property),
      required: (schema.required ?? []).includes(field),
      description: property.description ?? "",
    })),
    type: schema.properties ? null : typeOf(schema),
  }));
  return { title: document.info.title, description: document.info.description, server: document.servers[0]?.url ?? "", operations, schemas };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { title, description, server, operations, schemas } = loaderData;
  const t = useOwnerT("apiDocs");
  return (
    <main className="mx-auto max-w-4xl space-y-10 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-gray-700">{description}</p>
        <p className="mt-2 text-sm text-gray-600">
          <OwnerTrans
            ns="apiDocs"
            k="baseUrl"
            values={{ server }}
            components={{
              code: <code className="break-all" />,
              spec: (
                // The document's name: the sentence's own <spec> text replaces it.
                <a href="/api/v1/openapi.json" className="font-medium text-blue-700 hover:underline">
                  openapi.json
                </a>
              ),
            }}
          />
        </p>
      </header>

      <section aria-labelledby="auth" className="space-y-2 text-sm text-gray-700">
        <h2 id="auth" className="text-xl font-semibold text-gray-900">
          {t("auth.title")}
        </h2>
        <p>{t("auth.createKey")}</p>
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-3 text-gray-100">{`curl -H "Authorization: Bearer lqr_…" ${server}/leads`}</pre>
        <p>
          <OwnerTrans ns="apiDocs" k="auth.limits" components={CODE} />
        </p>
        <p id="errors">
          <OwnerTrans ns="apiDocs" k="auth.errors" components={CODE} />
        </p>
      </section>

      <section aria-labelledby="translations" className="space-y-2 text-sm text-gray-700">
        <h2 id="translations" className="text-xl font-semibold text-gray-900">
          {t("translations.title")}
        </h2>
        <p>
          <OwnerTrans ns="apiDocs" k="translations.text" components={CODE} />
        </p>
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-3 text-gray-100">{`"translations": {
  "es": { "headline": "Un croissant gratis", "thank_you": "Enséñalo en la barra." },
  "it": { "offer": "Croissant gratis" }
}`}</pre>
      </section>

      <section aria-labelledby="endpoints" className="space-y-6">
        <h2 id="endpoints" className="text-xl font-semibold text-gray-900">
          {t("endpoints")}
        </h2>
        {operations.map((operation) => (
          <article key={operation.id} aria-labelledby={`op-${operation.id}`} className={cardClass({ padding: "sm" })}>
            <h3 id={`op-${operation.id}`} className="font-semibold text-gray-900">
              {operation.summary}
            </h3>
            <p className="mt-1 font-mono text-sm break-all">
              <span className="mr-2 rounded bg-gray-100 px-1.5 py-0.5 font-semibold">{operation.method}</span>
              {operation.path}
            </p>
            {operation.parameters.length > 0 ? (
              <dl className="mt-3 space-y-1 text-sm">
                {operation.parameters.map((parameter) => (
                  <div key={`${parameter.in}-${parameter.name}`}>
                    <dt className="inline font-mono">{parameter.name}</dt>{" "}
                    <dd className="inline text-gray-600">
                      ({parameter.in}, {parameter.type}
                      {parameter.required ? t("required") : ""}) {parameter.description}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {operation.body ? (
              <p className="mt-2 text-sm">
                {t("body")} <span className="font-mono">{operation.body}</span>
              </p>
            ) : null}
            <ul className="mt-2 text-sm text-gray-700">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <span className="font-mono">{response.status}</span> {response.description}{" "}
                  {response.type ? <span className="font-mono text-gray-500">{response.type}</span> : null}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>

      <section aria-labelledby="schemas" className="space-y-6">
        <h2 id="schemas" className="text-xl font-semibold text-gray-900">
          {t("objects")}
        </h2>
        {schemas.map((schema) => (
          <article key={schema.name} aria-labelledby={`schema-${schema.name}`}>
            <h3 id={`schema-${schema.name}`} className="font-semibold text-gray-900">
              {schema.name}
            </h3>
            {schema.description ? <p className="text-sm text-gray-600">{schema.description}</p> : null}
            {schema.type ? <p className="font-mono text-sm">{schema.type}</p> : null}
            {schema.fields.length > 0 ? (
              <ul className="mt-1 text-sm">
                {schema.fields.map((field) => (
                  <li key={field.field}>
                    <span className="font-mono">{field.field}</span> <span className="font-mono text-gray-500">{field.type}</span>
                    {field.required ? null : <> {t("optional")}</>} {field.description}
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        ))}
      </section>

      <WebhooksSection />
    </main>
  );
}

/** The events, their envelope and signature, and REST hooks: what a receiver needs to know. */
function WebhooksSection() {
  const t = useOwnerT("apiDocs");
  return (
    <section aria-labelledby="webhooks" className="space-y-2 text-sm text-gray-700">
      <h2 id="webhooks" className="text-xl font-semibold text-gray-900">
        {t("webhooks.title")}
      </h2>
      <p>
        <OwnerTrans ns="apiDocs" k="webhooks.envelope" values={{ envelope: ENVELOPE }} components={CODE} />
      </p>
      <ul className="list-disc pl-5">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <code>{type}</code> — {WEBHOOK_EVENT_DESCRIPTIONS[type]}
          </li>
        ))}
      </ul>
      <p>
        <OwnerTrans ns="apiDocs" k="webhooks.lead" components={CODE} />
      </p>
      <p>
        <OwnerTrans ns="apiDocs" k="webhooks.restHooks" components={CODE} />
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("apiDocs", ownerLanguageIn(matches))("pageTitle") }];
