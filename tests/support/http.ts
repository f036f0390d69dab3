// Calls route modules the way React Router does, with real Requests, for integration tests.
import { expect } from "vitest";

export const ORIGIN = "http://localhost:3000";

export function makeRequest(
  path: string,
  options: {
    method?: string;
    cookie?: string;
    form?: Record<string, string | string[] | Blob>;
    headers?: Record<string, string>;
    body?: BodyInit;
  } = {},
) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body = options.body;
  if (options.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    }
    body = form;
  }
  return new Request(new URL(path, ORIGIN), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/** A loader or action, as a route module exports it. */
export type Handler = (args: any) => unknown;

/**
 * What React Router would answer for one call of a loader or action. `data` is what the route
 * returned, unwrapped from `data()` (undefined when it answered with a Response); reading it after
 * the route threw rethrows the error, so a crash never reads as an empty answer.
 */
export type RouteAnswer<T = any> = {
  /** The status sent: the Response's, `data()`'s, 200, or 500 when the route threw anything else. */
  status: number;
  data: T;
  /** The Response the route returned or threw (redirects, files, JSON, 404s). */
  response: Response | undefined;
  /** The headers sent with it: the Response's, or those given to `data()`. */
  headers: Headers;
  /** The `name=value` pairs of the cookies it set, joined as a Cookie header sends them. */
  cookies: string;
  /** What the route threw when it was neither a Response nor `data()` (React Router answers 500). */
  error: unknown;
};

type DataWithResponseInit = { type: "DataWithResponseInit"; data: unknown; init?: { status?: number; headers?: HeadersInit } | null };

const isDataWithInit = (value: unknown): value is DataWithResponseInit =>
  Boolean(value) && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";

function answerOf(status: number, parts: { data?: unknown; response?: Response; headers?: Headers; error?: unknown }): RouteAnswer {
  const headers = parts.headers ?? new Headers();
  const { error } = parts;
  return {
    status,
    get data() {
      if (error !== undefined) throw error;
      return parts.data;
    },
    response: parts.response,
    headers,
    cookies: headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
    error,
  };
}

function answerOfValue(value: unknown): RouteAnswer {
  if (value instanceof Response) return answerOf(value.status, { response: value, headers: value.headers });
  if (isDataWithInit(value)) {
    return answerOf(value.init?.status ?? 200, { data: value.data, headers: new Headers(value.init?.headers ?? undefined) });
  }
  return answerOf(200, { data: value });
}

/**
 * Calls a loader or action as React Router does, with a real Request: a returned or thrown
 * Response or `data()` is the answer, anything else thrown is a 500. A file or stream whose body
 * fails while being read is a 500 too.
 */
export async function callRoute<T = any>(
  handler: Handler | undefined,
  request: Request,
  params: Record<string, string | undefined> = {},
  /** React Router's request context; pass one object to an action and the render after it. */
  context: Record<string, unknown> = { cspNonce: "" },
): Promise<RouteAnswer<T>> {
  if (!handler) throw new Error("route has no such handler");
  let value: unknown;
  try {
    const url = new URL(request.url);
    value = await handler({ request, params, context, url, pattern: url.pathname });
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return answerOfValue(thrown);
    return answerOf(500, { error: thrown ?? new Error("route threw undefined") });
  }
  if (value instanceof Response && value.body && value.status < 300) {
    try {
      await value.clone().arrayBuffer();
    } catch (error) {
      return answerOf(500, { error });
    }
  }
  return answerOfValue(value);
}

export function expectRedirect(answer: RouteAnswer, location: string) {
  expect(answer.response).toBeInstanceOf(Response);
  expect(answer.status).toBeGreaterThanOrEqual(300);
  expect(answer.status).toBeLessThan(400);
  expect(answer.headers.get("location")).toBe(location);
}
