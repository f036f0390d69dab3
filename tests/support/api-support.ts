// Calls /api/v1 through its route module and checks every answer against the served OpenAPI
// document with an independent JSON Schema validator (ajv), recording which operations were hit.
import Ajv from "ajv";
import { expect } from "vitest";
import * as route from "~/routes/api.v1";
import { callRoute, makeRequest } from "./http";

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }>; headers?: Record<string, unknown> }> }>
  >;
  components: Record<string, unknown>;
};

let document: Doc | undefined;
const ajv = new Ajv({ allErrors: true, unknownFormats: "ignore", nullable: true });
export const exercised = new Set<string>();

export async function openApiDocument(): Promise<Doc> {
  if (!document) {
    const response = (await callRoute(route.loader, makeRequest("/api/v1/openapi.json"))).response!;
    expect(response.status).toBe(200);
    document = (await response.json()) as Doc;
  }
  return document;
}

function operationFor(doc: Doc, method: string, path: string) {
  for (const [template, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(path) && methods[method.toLowerCase()]) return { template, operation: methods[method.toLowerCase()]! };
  }
  return null;
}

export type ApiAnswer = { status: number; headers: Headers; body: any };

/** One API call; the answer must match the document (status listed, body valid against its schema). */
export async function api(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const request = makeRequest(`/api/v1${path}`, { method, headers, body });
  const handler = method === "GET" || method === "HEAD" ? route.loader : route.action;
  const response = (await handler({ request, params: { "*": path.slice(1) }, context: {} } as never)) as Response;
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  await expectMatchesDocument(method, path.split("?")[0]!, response, parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

async function expectMatchesDocument(method: string, path: string, response: Response, body: unknown) {
  const doc = await openApiDocument();
  const found = operationFor(doc, method, path);
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!;
  if (!found) {
    // Paths outside the document may only answer with a problem.
    expect(contentType).toBe("application/problem+json");
    validate(doc, { $ref: "#/components/schemas/Problem" }, body, `${method} ${path}`);
    return;
  }
  const spec = found.operation.responses[String(response.status)];
  expect(spec, `${method} ${found.template} answered ${response.status}, which the document does not list`).toBeDefined();
  exercised.add(`${method} ${found.template} ${response.status}`);
  if (!spec!.content) {
    expect(body).toBeUndefined();
    return;
  }
  expect(Object.keys(spec!.content)).toContain(contentType);
  validate(doc, spec!.content[contentType]!.schema, body, `${method} ${found.template} ${response.status}`);
}

function validate(doc: Doc, schema: object, body: unknown, label: string) {
  const check = ajv.compile({ ...schema, components: doc.components });
  const valid = check(body);
  expect(valid, `${label}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body)}`).toBe(true);
}

/** Every documented operation's success status was exercised at least once. */
export async function documentedSuccesses() {
  const doc = await openApiDocument();
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const success = Object.keys(operation.responses).find((status) => status.startsWith("2"));
      return `${method.toUpperCase()} ${template} ${success}`;
    }),
  );
}
