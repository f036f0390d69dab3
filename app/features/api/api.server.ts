/* eslint-disable no-restricted-syntax -- the REST API's router reads the request it routes. */
// The /api/v1 front door: API-key auth (never cookies), per-key rate limits, Idempotency-Key,
// request validation and problem+json errors around the operations.
// Rules: docs/decisions/061-input-boundary-rules.md.
import crypto from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "~/db/errors.server";
import { apiIdempotency, rateLimit } from "~/db/schema";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { authenticateApiKey } from "~/features/integrations/api-keys.server";
import { isDomainError } from "~/utils/domain-error";
import { logger } from "~/utils/logger.server";
import { cleanInput } from "~/utils/text";
import { readerDb } from "~/utils/reader.server";
import { getServices } from "~/utils/services.server";
import { getOpenApiDocument } from "./openapi.server";
import type { ApiResult, Operation } from "./define-operation.server";
import { OPERATIONS } from "./operations.server";
import { ApiProblem, problemResponse } from "./problem.server";

export const API_PREFIX = "/api/v1";
export const API_RATE_LIMIT = { points: 120, duration: 60 };

/**
 * When each API key last wrote through this process (epoch ms, after the write): its reads come
 * from the primary until the read replica has caught up past it. Another instance does not know
 * it: a client that writes through one and reads through another may read up to 30 s behind.
 */
const lastWriteByKey = new Map<string, number>();

function noteApiWrite(apiKeyId: string, at = Date.now()) {
  for (const [id, wroteAt] of lastWriteByKey) if (wroteAt < at - 60_000) lastWriteByKey.delete(id);
  lastWriteByKey.set(apiKeyId, at);
}

let limiter: RateLimiterDrizzle | undefined;
async function apiLimiter() {
  if (!limiter) {
    const { db, env } = await getServices();
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimit,
      keyPrefix: "apiByKey",
      clearExpiredByTimeout: false,
      points: API_RATE_LIMIT.points * env.RATE_LIMIT_MULTIPLIER,
      duration: API_RATE_LIMIT.duration,
    });
  }
  return limiter;
}

function rateLimitHeaders(limit: number, state: RateLimiterRes): Record<string, string> {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, state.remainingPoints)),
    "RateLimit-Reset": String(Math.ceil(state.msBeforeNext / 1000)),
  };
}

function match(method: string, path: string) {
  const candidates = OPERATIONS.map((operation) => {
    const pattern = new RegExp(`^${operation.path.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
    const found = pattern.exec(path);
    return found ? { operation, params: { ...(found.groups ?? {}) } } : null;
  }).filter((candidate) => candidate !== null);
  if (candidates.length === 0) return { kind: "none" as const };
  const hit = candidates.find((candidate) => candidate.operation.method === method);
  if (!hit) return { kind: "method" as const, allow: candidates.map((candidate) => candidate.operation.method).join(", ") };
  return { kind: "ok" as const, ...hit };
}

function json(result: ApiResult, headers: Record<string, string>) {
  const all = { "Cache-Control": "no-store", ...headers, ...result.headers };
  if (result.body === undefined) return new Response(null, { status: result.status, headers: all });
  return new Response(JSON.stringify(result.body), { status: result.status, headers: { "Content-Type": "application/json", ...all } });
}

async function readJson(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new ApiProblem(415, "Unsupported media type", "Send the body as application/json.");
  const text = await request.text();
  try {
    // Every string of the body is input like a form's field: NUL and bidi controls dropped.
    return { text, value: JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? cleanInput(value) : value)) as unknown };
  } catch {
    throw new ApiProblem(400, "Malformed JSON", "The body is not valid JSON.");
  }
}

/**
 * A parameter the operation does not take is refused, not ignored: a misspelt filter
 * (`campaign_id` for `campaign`) would otherwise answer with everything, as if it had matched.
 */
function refuseUnknownQueryParameters(operation: Operation, url: URL) {
  const known = operation.query ? Object.keys(operation.query.shape) : [];
  const unknown = [...new Set(url.searchParams.keys())].filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const takes = known.length > 0 ? `It takes ${known.join(", ")}.` : "It takes no query parameters.";
  throw new ApiProblem(
    400,
    "Unknown query parameter",
    `This operation has no query parameter ${unknown.map((name) => `\`${name}\``).join(", ")}. ${takes}`,
    unknown.map((name) => ({ path: name, message: "Unknown query parameter" })),
  );
}

async function runOperation(db: Database, userId: string, operation: Operation, params: Record<string, string>, url: URL, body: unknown) {
  const parsedParams = operation.params ? operation.params.safeParse(params) : { success: true as const, data: params };
  if (!parsedParams.success) throw new ApiProblem(404, "Not found", operation.unknownParams?.(params) ?? "No resource with this id.");
  refuseUnknownQueryParameters(operation, url);
  let query: unknown = {};
  if (operation.query) {
    const parsed = operation.query.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) throw ApiProblem.validation(parsed.error, 400);
    query = parsed.data;
  }
  let input: unknown;
  if (operation.body) {
    const parsed = operation.body.safeParse(body);
    if (!parsed.success) throw ApiProblem.validation(parsed.error);
    input = parsed.data;
  }
  try {
    return await operation.handler({ db, userId, params: parsedParams.data as Record<string, string>, query, body: input });
  } catch (error) {
    if (isDomainError(error)) throw ApiProblem.fromDomainError(error, error.code === "unsafe_destination" ? "target_url" : undefined);
    throw error;
  }
}

/** Replays the first answer to a POST with the same Idempotency-Key (24 hours), or runs it once. */
async function withIdempotency(db: Database, apiKeyId: string, key: string, fingerprint: string, run: () => Promise<ApiResult>): Promise<ApiResult> {
  if (key.length === 0 || key.length > 255) throw new ApiProblem(400, "Invalid Idempotency-Key", "Use 1 to 255 characters.");
  await db
    .delete(apiIdempotency)
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key), lt(apiIdempotency.createdAt, sql`now() - interval '24 hours'`)));
  const [claimed] = await db
    .insert(apiIdempotency)
    .values({ apiKeyId, key, requestHash: fingerprint })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  if (!claimed) {
    const [stored] = await db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
    if (!stored) throw new ApiProblem(409, "Request in progress", "Retry in a moment.");
    if (stored.requestHash !== fingerprint) {
      throw new ApiProblem(422, "Idempotency-Key reused", "This Idempotency-Key was used with a different request.");
    }
    if (stored.statusCode === null) throw new ApiProblem(409, "Request in progress", "A request with this Idempotency-Key is still being processed.");
    return { status: stored.statusCode, body: stored.body ?? undefined, headers: { "Idempotent-Replayed": "true" } };
  }
  const forget = () => db.delete(apiIdempotency).where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
  let result: ApiResult;
  try {
    result = await run();
  } catch (error) {
    // Answers that did nothing are remembered too (a retry gets the same problem), crashes are not.
    if (error instanceof ApiProblem) {
      await db
        .update(apiIdempotency)
        .set({ statusCode: error.status, body: { __problem: { title: error.title, detail: error.detail, errors: error.errors } } })
        .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
    } else {
      await forget();
    }
    throw error;
  }
  await db
    .update(apiIdempotency)
    .set({ statusCode: result.status, body: (result.body ?? null) as object | null })
    .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.key, key)));
  return result;
}

/**
 * The answer to a method the API never serves (PUT, OPTIONS, TRACE, …), which the server refuses
 * before routing: 405 problem+json, allowing what the path serves (every API method for a path
 * the API does not have).
 */
export async function answerUnservedApiMethod(pathname: string) {
  const path = pathname.slice(API_PREFIX.length) || "/";
  const found = path === "/openapi.json" ? { kind: "method" as const, allow: "GET" } : match("", path);
  const allow = found.kind === "method" ? found.allow : [...new Set(OPERATIONS.map((operation) => operation.method))].join(", ");
  const response = problemResponse(
    new ApiProblem(405, "Method not allowed", "This method is not part of the LeadQR API.", undefined, { Allow: allow }),
  );
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

/** Handles one /api/v1 request; always answers, never throws. */
export async function handleApiRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const method = request.method === "HEAD" ? "GET" : request.method;
  let headers: Record<string, string> = {};
  try {
    if (path === "/openapi.json" && method === "GET") {
      return new Response(JSON.stringify(getOpenApiDocument()), {
        headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
      });
    }
    const found = match(method, path);
    if (found.kind === "none") throw new ApiProblem(404, "Not found", "No such API endpoint. See /api/v1/openapi.json.");
    if (found.kind === "method") throw new ApiProblem(405, "Method not allowed", undefined, undefined, { Allow: found.allow });

    const authorization = request.headers.get("authorization") ?? "";
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const challenge = { "WWW-Authenticate": 'Bearer realm="LeadQR API"' };
    if (!bearer) throw new ApiProblem(401, "Unauthorized", "Send your API key as `Authorization: Bearer <key>`.", undefined, challenge);
    const { db } = await getServices();
    const key = await authenticateApiKey(db, bearer);
    if (!key) throw new ApiProblem(401, "Unauthorized", "This API key is unknown or was revoked.", undefined, challenge);

    const limit = await apiLimiter();
    try {
      headers = rateLimitHeaders(limit.points, await limit.consume(key.id));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      headers = rateLimitHeaders(limit.points, rejection);
      throw new ApiProblem(429, "Too many requests", "Slow down and retry after the time in Retry-After.", undefined, {
        "Retry-After": String(Math.ceil(rejection.msBeforeNext / 1000)),
      });
    }
    const plan = await getPlanOfUser(db, { userId: key.userId });
    if (!plan.isPro) throw new ApiProblem(403, "Pro plan required", "The API is part of LeadQR Pro. Upgrade at /pricing.");

    let body: unknown;
    let bodyText = "";
    if (found.operation.body) ({ value: body, text: bodyText } = await readJson(request));
    // GETs read (the replica while usable); every other method writes, on the primary.
    const operationDb = method === "GET" ? await readerDb({ wroteAt: lastWriteByKey.get(key.id) }) : db;
    const run = async () => {
      try {
        return await runOperation(operationDb, key.userId, found.operation, found.params, url, body);
      } finally {
        if (method !== "GET") noteApiWrite(key.id);
      }
    };
    const idempotencyKey = method === "POST" ? request.headers.get("idempotency-key") : null;
    const result =
      idempotencyKey !== null
        ? await withIdempotency(db, key.id, idempotencyKey, crypto.createHash("sha256").update(`${method} ${path}\n${bodyText}`).digest("hex"), run)
        : await run();
    const stored = result.body as { __problem?: { title: string; detail?: string; errors?: Array<{ path: string; message: string }> } } | undefined;
    if (stored?.__problem) {
      throw new ApiProblem(result.status, stored.__problem.title, stored.__problem.detail, stored.__problem.errors, {
        "Idempotent-Replayed": "true",
      });
    }
    return json(result, headers);
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error, headers);
    return problemResponse(failedProblem(error, path), headers);
  }
}

/** A request that failed: an outage is 503 with Retry-After, as for pages; anything else is ours, 500. */
function failedProblem(error: unknown, path: string) {
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, path }, "API request failed: database unavailable");
    const retryAfter = { "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS) };
    return new ApiProblem(
      503,
      "Service unavailable",
      "The service is briefly unavailable. Retry after the time in Retry-After.",
      undefined,
      retryAfter,
    );
  }
  logger.error({ err: error, path }, "API request failed");
  return new ApiProblem(500, "Internal error", "Something went wrong. Please retry.");
}
