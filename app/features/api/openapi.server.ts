// The OpenAPI 3.1 document, generated from the schemas the API validates with.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { getEnv } from "~/utils/env.server";
import { ProblemSchema } from "./api.schema";
import { OPERATIONS } from "./operations.server";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is malformed (bad JSON, id or query), or names a query parameter the operation does not take.",
  401: "Missing, unknown or revoked API key.",
  403: "The account is not on the Pro plan.",
  404: "Not found, or not yours.",
  409: "A request with this Idempotency-Key is still being processed, or a limit was reached.",
  415: "The body must be application/json.",
  422: "The body failed validation, or an Idempotency-Key was reused with a different request.",
  429: "Rate limit exceeded; see Retry-After.",
  503: "The service is briefly unavailable (its database cannot be reached); retry after the seconds in Retry-After.",
};

const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": { description: "Requests allowed per window.", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" as const } },
};

let cached: object | undefined;

export function getOpenApiDocument() {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "An API key from Settings → Integrations, sent as `Authorization: Bearer lqr_…`.",
  });
  const problem = (status: number) => ({
    description: ERROR_DESCRIPTIONS[status] ?? "Error",
    content: { "application/problem+json": { schema: ProblemSchema } },
  });
  for (const operation of OPERATIONS) {
    // 400: any operation refuses a query parameter it does not take; 503: any may meet an outage.
    const errors = [...new Set([...operation.errors, 400, 401, 403, 429, 503])].sort();
    registry.registerPath({
      method: operation.method.toLowerCase() as "get" | "post" | "patch" | "delete",
      path: operation.path,
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.tag],
      security: [{ [bearer.name]: [] }],
      request: {
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { query: operation.query } : {}),
        ...(operation.body ? { body: { required: true, content: { "application/json": { schema: operation.body } } } } : {}),
        ...(operation.method === "POST"
          ? {
              headers: z.object({
                "Idempotency-Key": z
                  .string()
                  .max(255)
                  .optional()
                  .meta({ description: "Any unique string: a retry with the same key and body returns the first answer instead of acting twice." }),
              }),
            }
          : {}),
      },
      responses: {
        [operation.success.status]: {
          description: operation.success.description,
          headers: RATE_LIMIT_HEADERS,
          ...(operation.success.schema ? { content: { "application/json": { schema: operation.success.schema } } } : {}),
        },
        ...Object.fromEntries(errors.map((status) => [status, problem(status)])),
      },
    });
  }
  const generator = new OpenApiGeneratorV31(registry.definitions);
  cached = generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "LeadQR API",
      version: "1.0.0",
      description:
        "Read and manage your campaigns and leads. Pro plan only. Every request is authenticated with an API key; errors are application/problem+json. A query parameter an operation does not list is refused with 400, never ignored.",
    },
    servers: [{ url: `${getEnv().appOrigin}/api/v1` }],
  });
  return cached;
}
