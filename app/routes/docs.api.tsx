/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { cardClass } from "~/components/ui/card";
import { getOpenApiDocument } from "~/features/api/openapi.server";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
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
  return (
    <main className="mx-auto max-w-4xl space-y-10 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <p className="mt-2 text-gray-700">{description}</p>
        <p className="mt-2 text-sm text-gray-600">
          Base URL <code className="break-all">{server}</code> · Machine-readable:{" "}
          <a href="/api/v1/openapi.json" className="font-medium text-blue-700 hover:underline">
            openapi.json
          </a>{" "}
          (OpenAPI 3.1)
        </p>
      </header>

      <section aria-labelledby="auth" className="space-y-2 text-sm text-gray-700">
        <h2 id="auth" className="text-xl font-semibold text-gray-900">
          Authentication, limits and errors
        </h2>
        <p>Create a key in Settings → Integrations and send it on every request:</p>
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-3 text-gray-100">{`curl -H "Authorization: Bearer lqr_…" ${server}/leads`}</pre>
        <p>
          Each key may make 120 requests a minute; every answer carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{" "}
          <code>RateLimit-Reset</code>, and a 429 carries <code>Retry-After</code>, as does a 503 while the service is briefly unavailable. POST
          requests accept an <code>Idempotency-Key</code> header: a retry with the same key and body returns the first answer.
        </p>
        <p id="errors">
          Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>,{" "}
          <code>detail</code> and, for validation, <code>errors</code>.
        </p>
      </section>

      <section aria-labelledby="translations" className="space-y-2 text-sm text-gray-700">
        <h2 id="translations" className="text-xl font-semibold text-gray-900">
          Translations of a campaign&apos;s copy
        </h2>
        <p>
          A campaign&apos;s <code>translations</code> hold the owner&apos;s headline, offer, condition and thank-you message in other languages, keyed
          by language code; a visitor whose page is in that language reads them, and a field left out shows the campaign&apos;s own words. Send{" "}
          <code>translations</code> when creating a campaign, or with <code>PATCH /campaigns/{"{id}"}</code> to replace them all (<code>{"{}"}</code>{" "}
          removes them). They follow the same rules as the owner&apos;s Languages page: a language we have other than the campaign&apos;s own, each
          field at most as long as the campaign&apos;s own field. Anything else is a 422 whose <code>errors</code> name the field, for example{" "}
          <code>translations.es.thank_you</code>.
        </p>
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-3 text-gray-100">{`"translations": {
  "es": { "headline": "Un croissant gratis", "thank_you": "Enséñalo en la barra." },
  "it": { "offer": "Croissant gratis" }
}`}</pre>
      </section>

      <section aria-labelledby="endpoints" className="space-y-6">
        <h2 id="endpoints" className="text-xl font-semibold text-gray-900">
          Endpoints
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
                      {parameter.required ? ", required" : ""}) {parameter.description}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {operation.body ? (
              <p className="mt-2 text-sm">
                Body: <span className="font-mono">{operation.body}</span>
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
          Objects
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
                    {field.required ? "" : " (optional)"} {field.description}
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
  return (
    <section aria-labelledby="webhooks" className="space-y-2 text-sm text-gray-700">
      <h2 id="webhooks" className="text-xl font-semibold text-gray-900">
        Webhooks
      </h2>
      <p>
        Events are POSTed as JSON <code>{`{ "id", "type", "version", "timestamp", "data" }`}</code> and signed by the Standard Webhooks scheme: verify{" "}
        <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> with your endpoint&apos;s secret (for example with
        the <code>standardwebhooks</code> library). The <code>id</code> stays the same across retries, so use it to ignore duplicates. Answer with any
        2xx within 10 seconds; anything else is retried with growing delays for more than 24 hours.
      </p>
      <ul className="list-disc pl-5">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <code>{type}</code> — {WEBHOOK_EVENT_DESCRIPTIONS[type]}
          </li>
        ))}
      </ul>
      <p>
        The <code>lead.*</code> and <code>offer.redeemed</code> events carry the lead in <code>data.lead</code> exactly as the API returns it
        (including its <code>language</code>, the language of the page the visitor used) and its campaign&apos;s <code>id</code> and{" "}
        <code>title</code> in <code>data.campaign</code>.
      </p>
      <p>
        REST hooks (Zapier, Make and similar): <code>POST /hooks</code> with <code>target_url</code> and <code>event</code> subscribes;{" "}
        <code>DELETE /hooks/{"{id}"}</code> unsubscribes, and so does answering a delivery with <code>410 Gone</code>: the hook stops at once and
        receives nothing more. <code>GET /hooks/sample/{"{event}"}</code> returns a sample payload built exactly as deliveries are;{" "}
        <code>GET /me</code> names the key&apos;s account, business and plan (a connection test). Tools that poll instead call{" "}
        <code>GET /leads?sort=-created_at&amp;limit=…</code> and keep the ids they have seen.
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "API documentation · LeadQR" }];
