// What a REST API operation declares (its schemas, for validation and the OpenAPI document, and an
// owner-scoped handler) and the answers its handlers give.
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { ApiProblem } from "./problem.server";

export type ApiContext = {
  db: Database;
  userId: string;
  params: Record<string, string>;
  query: unknown;
  body: unknown;
};

export type ApiResult = { status: number; body?: unknown; headers?: Record<string, string> };

export type Operation = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** OpenAPI path template below /api/v1. */
  path: string;
  operationId: string;
  summary: string;
  tag: "Account" | "Campaigns" | "Leads" | "REST hooks";
  params?: z.ZodObject;
  /** The 404's detail when a path parameter is not one this operation knows (default: no resource with this id). */
  unknownParams?: (params: Record<string, string>) => string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and its schema (null: no body). */
  success: { status: number; description: string; schema: z.ZodType | null };
  /** Error statuses this operation may answer besides 400 (an unknown query parameter), 401, 403, 429. */
  errors: number[];
  handler: (context: ApiContext) => Promise<ApiResult>;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An operation whose handler receives its params, query and body as its own schemas parse them. */
export function defineOperation<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  operation: Omit<Operation, "params" | "query" | "body" | "handler"> & {
    params?: P;
    query?: Q;
    body?: B;
    handler: (context: { db: Database; userId: string; params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }) => Promise<ApiResult>;
  },
): Operation {
  // api.server.ts parses each part with the schema declared here before calling the handler.
  return operation as unknown as Operation;
}

export const ok = (body: unknown): ApiResult => ({ status: 200, body });
export const created = (body: unknown, location: string): ApiResult => ({ status: 201, body, headers: { Location: location } });
export const notFound = (what: string) => new ApiProblem(404, "Not found", `No ${what} with this id.`);

/** 204 when the owner's row was deleted, else 404. */
export function deleted(rows: unknown[], what: string): ApiResult {
  if (rows.length === 0) throw notFound(what);
  return { status: 204 };
}
